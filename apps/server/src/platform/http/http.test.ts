import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, register, uniqueEmail, type TestApp } from '../../../test/harness.js';

let t: TestApp;
const webDist = mkdtempSync(join(tmpdir(), 'funkeln-web-'));

beforeAll(async () => {
  writeFileSync(join(webDist, 'index.html'), '<!doctype html><title>Funkeln</title><div id="root"></div>');
  mkdirSync(join(webDist, 'assets'));
  writeFileSync(join(webDist, 'assets', 'app-abc123.js'), 'console.log(1)');
  t = await createTestApp({}, { webDist });
});
afterAll(() => t.close());

const register_ = (payload: unknown, headers: Record<string, string> = { 'content-type': 'application/json' }) =>
  t.app.inject({ method: 'POST', url: '/api/auth/register', payload: typeof payload === 'string' ? payload : JSON.stringify(payload), headers });

describe('bad input never gives a 500', () => {
  it('malformed JSON', async () => {
    const res = await register_('{"email": "a@b.de",');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: 'invalid_json', message: 'Die Anfrage enthält kein gültiges JSON.' });
  });

  it('missing fields and wrong types name the field in German', async () => {
    const missing = await register_({ email: 'a@b.de' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error).toBe('validation_error');
    expect(missing.json().message).toMatch(/^Ungültige Eingabe im Feld „(Passwort|Anzeigename)“: Angabe fehlt\.$/);

    const wrongType = await register_({ email: 42, password: ['x'], displayName: { a: 1 } });
    expect(wrongType.statusCode).toBe(400);
    expect(wrongType.json().message).toMatch(/Ungültige Eingabe/);

    const notEmail = await register_({ email: 'kein-at-zeichen', password: 'Kiwi-Wolke-Geheim-42', displayName: 'Anna' });
    expect(notEmail.json().message).toBe('Ungültige Eingabe im Feld „E-Mail“: Ungültig: E-Mail-Adresse');
  });

  it('empty, array and null bodies', async () => {
    for (const body of ['', '[]', 'null', '"text"']) {
      const res = await register_(body);
      expect(res.statusCode).toBe(400);
    }
  });

  it('huge bodies get 413', async () => {
    const res = await register_({ email: 'a@b.de', password: 'x'.repeat(200_000), displayName: 'Anna' });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ error: 'payload_too_large', message: 'Die Anfrage ist zu groß.' });
  });

  it('other media types get 415', async () => {
    const res = await register_('email=a', { 'content-type': 'application/x-www-form-urlencoded' });
    expect(res.statusCode).toBe(415);
  });

  it('passwords longer than 128 characters are refused', async () => {
    const res = await register_({ email: uniqueEmail(), password: 'x'.repeat(129), displayName: 'Anna' });
    expect(res.statusCode).toBe(400);
  });

  it('unicode names: normalised, trimmed, emoji allowed, control and bidi characters refused', async () => {
    const decomposed = 'Zoe\u0308'; // "Zoë" as e + combining diaeresis
    const { token } = await register(t.app, uniqueEmail(), 'Kiwi-Wolke-Geheim-42', `  ${decomposed}  `);
    const me = await t.app.inject({ method: 'GET', url: '/api/me', headers: bearer(token) });
    expect(me.json().display_name).toBe('Zoë');
    expect(me.json().display_name).toHaveLength(3);

    await register(t.app, uniqueEmail(), 'Kiwi-Wolke-Geheim-42', 'Ana 👩‍❤️‍👨');
    await register(t.app, uniqueEmail(), 'Kiwi-Wolke-Geheim-42', '李小龍');

    for (const bad of ['Eve\u202Egnp.exe', 'A\u0000B', 'Zero\u200Bwidth', ' \t ', 'A', 'x'.repeat(41)]) {
      const res = await register_({ email: uniqueEmail(), password: 'Kiwi-Wolke-Geheim-42', displayName: bad });
      expect(res.statusCode, JSON.stringify(bad)).toBe(400);
    }
    const [{ count }] = (await t.c.db.query<{ count: number }>("SELECT count(*)::int AS count FROM users WHERE display_name LIKE 'Eve%'")) as [
      { count: number },
    ];
    expect(count).toBe(0);
  });

  it('unknown API routes get a German 404 JSON', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/nothing-here' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: 'not_found', message: 'Nicht gefunden.' });
  });
});

describe('security headers', () => {
  it('API answers: strict CSP, nosniff, no referrer, no caching', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/auth/providers' });
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toContain('unsafe-inline');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['referrer-policy']).toBe('no-referrer');
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['strict-transport-security']).toBeUndefined();
  });

  it('HSTS when the request came over https behind a trusted proxy', async () => {
    const proxied = await createTestApp({ TRUST_PROXY: 'true' });
    try {
      const res = await proxied.app.inject({ method: 'GET', url: '/healthz', headers: { 'x-forwarded-proto': 'https' } });
      expect(res.headers['strict-transport-security']).toMatch(/max-age=\d+/);
    } finally {
      await proxied.close();
    }
  });
});

describe('SPA, health and docs', () => {
  it('serves index.html for client routes with the same CSP, and 404 JSON for unknown API paths', async () => {
    for (const url of ['/', '/login?token=abc', '/reset?token=x', '/profile/123']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.body).toContain('<div id="root">');
      expect(res.headers['content-security-policy']).toContain("script-src 'self'");
      expect(res.headers['referrer-policy']).toBe('no-referrer');
    }
    const asset = await t.app.inject({ method: 'GET', url: '/assets/app-abc123.js' });
    expect(asset.headers['cache-control']).toContain('immutable');
    expect((await t.app.inject({ method: 'GET', url: '/assets/gone-123.js' })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'HEAD', url: '/' })).statusCode).toBe(200);
  });

  it('healthz and readyz', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/healthz' })).json()).toEqual({ status: 'ok' });
    const ready = await t.app.inject({ method: 'GET', url: '/readyz' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json().checks.database).toBe(true);
  });

  it('publishes an OpenAPI document generated from the zod schemas, with a UI at /api/docs', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    expect(doc.openapi).toMatch(/^3\./);
    const register = doc.paths['/api/auth/register'].post;
    expect(register.requestBody.content['application/json'].schema.required).toEqual(['email', 'password', 'displayName']);
    expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining(['/api/auth/login', '/api/me', '/api/auth/password/confirm']));
    const ui = await t.app.inject({ method: 'GET', url: '/api/docs' });
    expect([200, 302]).toContain(ui.statusCode);
  });

  it('reports the dev mailbox outside production when no SMTP is configured', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/dev/mailbox' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('Dev-Postfach');
  });
});
