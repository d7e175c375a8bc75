import webpush from 'web-push';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.js';
import type { Db } from '../../db/client.js';
import { loadVapid } from './vapid.js';

const keys = webpush.generateVAPIDKeys();
const other = webpush.generateVAPIDKeys();
const noDb = { query: () => Promise.reject(new Error('no database expected')) } as unknown as Db;

describe('VAPID configuration', () => {
  it('takes a matching key pair from the environment without touching the database', async () => {
    const config = loadConfig({ VAPID_PUBLIC_KEY: keys.publicKey, VAPID_PRIVATE_KEY: keys.privateKey, VAPID_SUBJECT: 'https://funkeln.de' });
    expect(await loadVapid(noDb, config.vapid)).toEqual({ subject: 'https://funkeln.de', ...keys });
  });

  it('refuses half a pair, a public key of another pair and a subject that is no mailto: or https: URL', () => {
    expect(() => loadConfig({ VAPID_PUBLIC_KEY: keys.publicKey })).toThrow(/VAPID_PRIVATE_KEY: VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY must be set together/);
    expect(() => loadConfig({ VAPID_PUBLIC_KEY: other.publicKey, VAPID_PRIVATE_KEY: keys.privateKey })).toThrow(/VAPID_PUBLIC_KEY: must be the public key/);
    expect(() => loadConfig({ VAPID_PUBLIC_KEY: 'x', VAPID_PRIVATE_KEY: 'y' })).toThrow(/VAPID_PUBLIC_KEY: must be the public key/);
    expect(() => loadConfig({ VAPID_SUBJECT: 'http://funkeln.de' })).toThrow(/VAPID_SUBJECT/);
  });

  it('contacts the MAIL_FROM address by default', () => {
    expect(loadConfig({ MAIL_FROM: 'Funkeln <team@funkeln.de>' }).vapid).toEqual({ keys: undefined, subject: 'mailto:team@funkeln.de' });
  });
});
