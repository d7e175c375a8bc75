import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, register, uniqueEmail, type TestApp } from '../../../test/harness.js';
import { randomToken, sha256 } from '../../platform/crypto/crypto.js';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const post = (url: string, payload: object) => t.app.inject({ method: 'POST', url, payload });
const WEAK = { error: 'weak_password', message: expect.stringMatching(/^Dieses Passwort ist zu leicht zu erraten\. \S/) };
const usersWith = (email: string) => t.c.db.query('SELECT 1 FROM users WHERE email = $1', [email]);

describe('registration', () => {
  it('refuses common and breached passwords with a German reason and writes nothing', async () => {
    for (const weak of ['12345678', 'password', 'passwort1', 'qwertzuiop', 'password123']) {
      const email = uniqueEmail('schwach');
      const res = await post('/api/auth/register', { email, password: weak, displayName: 'Schwach' });
      expect(res.statusCode, weak).toBe(400);
      expect(res.json(), weak).toEqual(WEAK);
      expect(await usersWith(email), weak).toHaveLength(0);
    }
  });

  it('refuses a password made of the member\'s own address or name', async () => {
    const email = 'ronja.wellenbrecher@example.org';
    const own = await post('/api/auth/register', { email, password: email, displayName: 'Ronja' });
    expect(own.json()).toEqual(WEAK);
    const name = await post('/api/auth/register', { email, password: 'Wellenbrecher', displayName: 'Ronja Wellenbrecher' });
    expect(name.json()).toEqual(WEAK);
    expect(await usersWith(email)).toHaveLength(0);
  });

  it('takes 8 to 128 characters, the same bound as login', async () => {
    const longest = 'Kiwi-Wolke-Geheim-42-'.repeat(7).slice(0, 128);
    expect((await post('/api/auth/register', { email: uniqueEmail('lang'), password: `${longest}x`, displayName: 'Lang' })).statusCode).toBe(400);
    const email = uniqueEmail('lang');
    expect((await post('/api/auth/register', { email, password: longest, displayName: 'Lang' })).statusCode).toBe(200);
    await t.c.db.query('UPDATE users SET email_verified = true WHERE email = $1', [email]);
    expect((await post('/api/auth/login', { email, password: longest })).statusCode).toBe(200);
  });
});

describe('password reset', () => {
  it('refuses a weak new password and leaves the link usable for a strong one', async () => {
    const { email } = await register(t.app, uniqueEmail('vergessen'), undefined, 'Vergesslich');
    const token = randomToken();
    await t.c.db.query(
      `INSERT INTO auth_tokens (id, user_id, kind, token_hash, expires_at)
       SELECT gen_random_uuid(), id, 'reset', $2, now() + interval '1 hour' FROM users WHERE email = $1`,
      [email, sha256(token)],
    );

    const weak = await post('/api/auth/password/confirm', { token, newPassword: 'qwertz123' });
    expect(weak.statusCode).toBe(400);
    expect(weak.json()).toEqual(WEAK);
    const own = await post('/api/auth/password/confirm', { token, newPassword: email });
    expect(own.json()).toEqual(WEAK);
    expect((await post('/api/auth/password/confirm', { token, newPassword: 'x'.repeat(129) })).statusCode).toBe(400);

    expect((await post('/api/auth/password/confirm', { token, newPassword: 'Neues-Kiwi-Passwort-8' })).statusCode).toBe(200);
    expect((await post('/api/auth/login', { email, password: 'Neues-Kiwi-Passwort-8' })).statusCode).toBe(200);
  });
});
