import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.js';

describe('loadConfig', () => {
  it('has working defaults on a fresh machine', () => {
    const c = loadConfig({});
    expect(c).toMatchObject({ port: 3000, dataDir: './data', publicUrl: 'http://localhost:3000', devMailbox: true, adminEmails: [] });
    expect(c.databaseUrl).toBeUndefined();
    expect(c.google).toBeUndefined();
  });

  it('parses lists and trims the public URL', () => {
    const c = loadConfig({ ADMIN_EMAILS: ' Boss@Example.org, ,ops@example.org', PUBLIC_URL: 'https://funkeln.de/', PORT: '8080' });
    expect(c.adminEmails).toEqual(['boss@example.org', 'ops@example.org']);
    expect(c.publicUrl).toBe('https://funkeln.de');
    expect(c.google).toBeUndefined();
  });

  it('explains every bad value with its variable name', () => {
    const bad = () => loadConfig({ PORT: 'abc', DATABASE_URL: 'mysql://x', REDIS_URL: 'http://x', NODE_ENV: 'staging' });
    expect(bad).toThrow(ConfigError);
    try {
      bad();
    } catch (err) {
      const msg = (err as Error).message;
      for (const key of ['PORT', 'DATABASE_URL', 'REDIS_URL', 'NODE_ENV']) expect(msg).toContain(key);
    }
  });

  it('requires SMTP in production and Google id and secret together', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/SMTP_URL/);
    expect(() => loadConfig({ GOOGLE_CLIENT_ID: 'id' })).toThrow(/GOOGLE_CLIENT_SECRET/);
    const c = loadConfig({ GOOGLE_CLIENT_ID: 'id', GOOGLE_CLIENT_SECRET: 's' });
    expect(c.google?.issuer).toBe('https://accounts.google.com');
  });
});
