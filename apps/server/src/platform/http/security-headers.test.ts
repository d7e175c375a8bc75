import { randomBytes } from 'node:crypto';
import { request, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.js';
import { createTestApp, listen, type TestApp } from '../../../test/harness.js';
import { OPERATOR_ENV } from '../../../test/operator-env.js';

let t: TestApp;
let base: string;

beforeAll(async () => {
  t = await createTestApp();
  base = await listen(t.app);
});
afterAll(() => t.close());

function expectSecurityHeaders(headers: Headers | IncomingHttpHeaders, label: string) {
  const get = (name: string) => (headers instanceof Headers ? headers.get(name) : headers[name]);
  expect(String(get('content-security-policy')), label).toContain("frame-ancestors 'none'");
  expect(get('x-content-type-options'), label).toBe('nosniff');
  expect(get('referrer-policy'), label).toBe('no-referrer');
  expect(get('x-frame-options'), label).toBe('SAMEORIGIN');
  const policy = String(get('permissions-policy'));
  expect(policy, label).toContain('camera=(self)'); // the verification selfie, never a frame
  for (const denied of ['microphone=()', 'geolocation=()', 'payment=()', 'usb=()']) expect(policy, label).toContain(denied);
  expect(policy, label).toContain('web-share=(self)');
}

/** The 101 answer to a raw WebSocket upgrade on the socket.io path. */
function upgrade(path: string): Promise<IncomingHttpHeaders> {
  return new Promise((resolve, reject) => {
    const req = request(`${base}${path}`, {
      headers: { connection: 'Upgrade', upgrade: 'websocket', 'sec-websocket-version': '13', 'sec-websocket-key': randomBytes(16).toString('base64') },
    });
    req.on('upgrade', (res, socket) => {
      socket.destroy();
      resolve(res.headers);
    });
    req.on('response', (res) => reject(new Error(`no upgrade: ${res.statusCode}`)));
    req.on('error', reject);
    req.end();
  });
}

describe('security headers', () => {
  it('API and page answers carry a Permissions-Policy that denies what the app does not use', async () => {
    for (const url of ['/api/auth/providers', '/api/nope', '/healthz']) {
      expectSecurityHeaders((await fetch(`${base}${url}`)).headers, url);
    }
  });

  it('socket.io answers carry the same headers: polling handshake, polling errors and the WebSocket upgrade', async () => {
    const handshake = await fetch(`${base}/ws/?EIO=4&transport=polling`);
    expect(handshake.status).toBe(200);
    expectSecurityHeaders(handshake.headers, 'polling handshake');
    const sid = /"sid":"([^"]+)"/.exec(await handshake.text())?.[1];
    expect(sid).toBeTruthy();
    const sent = await fetch(`${base}/ws/?EIO=4&transport=polling&sid=${sid}`, { method: 'POST', body: '40' });
    expect(await sent.text()).toBe('ok');
    expectSecurityHeaders(sent.headers, 'polling with a session');

    const refused = await fetch(`${base}/ws/?EIO=4&transport=nope`);
    expect(refused.status).toBe(400);
    expectSecurityHeaders(refused.headers, 'polling error');

    expectSecurityHeaders(await upgrade('/ws/?EIO=4&transport=websocket'), 'websocket upgrade');
  });

  it('socket.io sends HSTS when the public address is https, like the API', async () => {
    const secure = await createTestApp({ PUBLIC_URL: 'https://funkeln.test' });
    try {
      await secure.app.listen({ port: 0, host: '127.0.0.1' });
      const port = (secure.app.server.address() as AddressInfo).port;
      const res = await fetch(`http://127.0.0.1:${port}/ws/?EIO=4&transport=polling`);
      expect(res.headers.get('strict-transport-security')).toMatch(/max-age=\d+/);
      expect((await secure.app.inject({ method: 'GET', url: '/healthz' })).headers['strict-transport-security']).toMatch(/max-age=\d+/);
    } finally {
      await secure.close();
    }
  });
});

describe('API_DOCS', () => {
  const production = { NODE_ENV: 'production', SMTP_URL: 'smtp://mail.example.com:587', DATA_DIR: '/tmp/unused', ...OPERATOR_ENV };

  it('is on outside production and off in production unless set', () => {
    expect(loadConfig({ NODE_ENV: 'development' }).apiDocs).toBe(true);
    expect(loadConfig({ NODE_ENV: 'test' }).apiDocs).toBe(true);
    expect(loadConfig(production).apiDocs).toBe(false);
    expect(loadConfig({ ...production, API_DOCS: 'true' }).apiDocs).toBe(true);
    expect(loadConfig({ NODE_ENV: 'development', API_DOCS: 'false' }).apiDocs).toBe(false);
    expect(() => loadConfig({ API_DOCS: 'ja' })).toThrow(/API_DOCS/);
  });

  it('API_DOCS=false: no UI and no document at /api/docs', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/docs/json' })).statusCode).toBe(200);
    const off = await createTestApp({ API_DOCS: 'false' });
    try {
      for (const url of ['/api/docs', '/api/docs/', '/api/docs/json', '/api/docs/yaml', '/api/docs/static/index.html']) {
        const res = await off.app.inject({ method: 'GET', url });
        expect(res.statusCode, url).toBe(404);
        expect(res.json<{ error: string }>().error, url).toBe('not_found');
      }
    } finally {
      await off.close();
    }
  });
});
