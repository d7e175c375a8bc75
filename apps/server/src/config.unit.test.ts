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

  it('refuses the test-only PUSH_ALLOW_PRIVATE_ENDPOINTS in production, and has it off by default', () => {
    const production = { NODE_ENV: 'production', SMTP_URL: 'smtp://mail.example.com:587' };
    expect(() => loadConfig({ ...production, PUSH_ALLOW_PRIVATE_ENDPOINTS: 'true' })).toThrow(/PUSH_ALLOW_PRIVATE_ENDPOINTS: must not be set in production/);
    expect(loadConfig({}).pushAllowPrivateEndpoints).toBe(false);
    expect(loadConfig({ NODE_ENV: 'test', PUSH_ALLOW_PRIVATE_ENDPOINTS: 'true' }).pushAllowPrivateEndpoints).toBe(true);
  });

  it('refuses the test-only FAULT_POINT in production, and has none by default', () => {
    const production = { NODE_ENV: 'production', SMTP_URL: 'smtp://mail.example.com:587' };
    expect(() => loadConfig({ ...production, FAULT_POINT: 'event-dispatch' })).toThrow(/FAULT_POINT: must not be set in production/);
    expect(loadConfig({}).faultPoint).toBeUndefined();
    expect(loadConfig({ NODE_ENV: 'test', FAULT_POINT: 'event-dispatch' }).faultPoint).toBe('event-dispatch');
    expect(() => loadConfig({ NODE_ENV: 'test', FAULT_POINT: 'anywhere' })).toThrow(/FAULT_POINT/);
  });

  it('requires SMTP in production and Google id and secret together', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/SMTP_URL/);
    expect(() => loadConfig({ GOOGLE_CLIENT_ID: 'id' })).toThrow(/GOOGLE_CLIENT_SECRET/);
    const c = loadConfig({ GOOGLE_CLIENT_ID: 'id', GOOGLE_CLIENT_SECRET: 's' });
    expect(c.google?.issuer).toBe('https://accounts.google.com');
  });

  describe('the operator for the Impressum', () => {
    const production = { NODE_ENV: 'production', SMTP_URL: 'smtp://mail.example.com:587' };
    const operator = { OPERATOR_NAME: 'Funkeln GmbH', OPERATOR_ADDRESS: 'Musterstraße 1, 10115 Berlin', OPERATOR_EMAIL: 'kontakt@funkeln.de', OPERATOR_STATE: 'BE' };

    it('refuses to start in production without each required detail, naming the variable', () => {
      for (const key of ['OPERATOR_NAME', 'OPERATOR_ADDRESS', 'OPERATOR_EMAIL', 'OPERATOR_STATE'] as const) {
        const { [key]: _left, ...rest } = operator;
        expect(() => loadConfig({ ...production, ...rest })).toThrow(new RegExp(`${key}: is required in production`));
      }
      expect(loadConfig({ ...production, ...operator }).legal.operator).toMatchObject({ name: 'Funkeln GmbH', address: ['Musterstraße 1', '10115 Berlin'], sample: false });
    });

    it('takes another supervisory authority instead of the federal state', () => {
      const { OPERATOR_STATE: _state, ...rest } = operator;
      const c = loadConfig({ ...production, ...rest, DPA_NAME: 'Datenschutzbehörde (Österreich)', DPA_URL: 'https://www.dsb.gv.at' });
      expect(c.legal.authority).toEqual({ name: 'Datenschutzbehörde (Österreich)', url: 'https://www.dsb.gv.at' });
      expect(loadConfig({ ...production, ...operator }).legal.authority.name).toContain('Berliner Beauftragte');
    });

    it('explains bad values', () => {
      expect(() => loadConfig({ OPERATOR_EMAIL: 'kein-mail' })).toThrow(/OPERATOR_EMAIL/);
      expect(() => loadConfig({ OPERATOR_STATE: 'XX' })).toThrow(/OPERATOR_STATE: must be one of BW/);
      expect(() => loadConfig({ OPERATOR_VAT_ID: '123' })).toThrow(/OPERATOR_VAT_ID/);
      expect(() => loadConfig({ OPERATOR_PHONE: 'ruf an' })).toThrow(/OPERATOR_PHONE/);
      expect(() => loadConfig({ DPA_URL: 'http://x.de' })).toThrow(/DPA_URL/);
      expect(() => loadConfig({ LOG_RETENTION_DAYS: '0' })).toThrow(/LOG_RETENTION_DAYS/);
    });

    it('shows a marked sample outside production, and the real details once they are complete', () => {
      expect(loadConfig({}).legal.operator.sample).toBe(true);
      expect(loadConfig({ OPERATOR_NAME: 'Nur ein Name' }).legal.operator.sample).toBe(true);
      const c = loadConfig({ ...operator, OPERATOR_VAT_ID: 'DE 123 456 789', OPERATOR_PHONE: '+49 30 1234567' });
      expect(c.legal.operator).toMatchObject({ sample: false, vatId: 'DE123456789', phone: '+49 30 1234567', register: null });
      expect(c.legal.privacyEmail).toBe('kontakt@funkeln.de');
    });
  });
});
