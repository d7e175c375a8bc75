import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, listen, register, type TestApp } from '../../../test/harness.js';
import { connectClient } from '../../../test/sockets.js';

let t: TestApp;
let base: string;

beforeAll(async () => {
  t = await createTestApp();
  base = await listen(t.app);
});
afterAll(() => t.close());

const me = (token: string) => t.app.inject({ method: 'GET', url: '/api/me', headers: bearer(token) });
const login = (email: string, password: string) => t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } });
const change = (token: string, currentPassword: string, newPassword: string) =>
  t.app.inject({ method: 'POST', url: '/api/me/password', headers: bearer(token), payload: { currentPassword, newPassword } });

describe('POST /api/me/password', () => {
  it('ends every other session and disconnects its socket; the current session stays', async () => {
    const m = await register(t.app);
    const other = (await login(m.email, m.password)).json<{ token: string }>().token;
    const here = connectClient(base, m.token);
    const there = connectClient(base, other);
    await Promise.all([here.connected(), there.connected()]);
    const disconnected = new Promise<void>((resolve) => there.socket.once('disconnect', () => resolve()));

    expect((await change(m.token, m.password, 'Neues-Kiwi-Passwort-8')).statusCode).toBe(200);
    expect((await me(other)).statusCode).toBe(401);
    expect((await me(m.token)).statusCode).toBe(200);
    await disconnected;
    expect(here.socket.connected).toBe(true);
    here.close();
  });

  it('refuses common passwords and ones made of the member\'s own name or address, with a German reason', async () => {
    const m = await register(t.app, 'marlene.sommerfeld@example.org', undefined, 'Marlene Sommerfeld');
    for (const weak of ['12345678', 'password', 'passwort1', 'qwertzuiop', m.email]) {
      const res = await change(m.token, m.password, weak);
      expect(res.statusCode, weak).toBe(400);
      expect(res.json(), weak).toMatchObject({ error: 'weak_password', message: expect.stringMatching(/^Dieses Passwort ist zu leicht zu erraten\./) });
    }
    expect((await login(m.email, m.password)).statusCode).toBe(200);
  });

  it('takes at most 128 characters, the bound login has, so nobody can lock themselves out', async () => {
    const m = await register(t.app);
    const longest = 'Kiwi-Wolke-Geheim-42-'.repeat(7).slice(0, 128);
    const tooLong = `${longest}x`;
    expect((await change(m.token, m.password, tooLong)).statusCode).toBe(400);
    expect((await login(m.email, tooLong)).statusCode).toBe(400);
    expect((await change(m.token, m.password, longest)).statusCode).toBe(200);
    expect((await login(m.email, longest)).statusCode).toBe(200);
  });
});
