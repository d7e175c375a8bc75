import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gzipSync } from 'node:zlib';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerSpa } from './spa.js';

const dist = mkdtempSync(join(tmpdir(), 'funkeln-spa-'));
const HTML = '<!doctype html><title>Funkeln</title><div id="root"></div>';
const JS = 'console.log("funkeln");'.repeat(20);
let app: FastifyInstance;

beforeAll(async () => {
  mkdirSync(join(dist, 'assets'));
  writeFileSync(join(dist, 'index.html'), HTML);
  writeFileSync(join(dist, 'index.html.br'), brotliCompressSync(HTML));
  writeFileSync(join(dist, 'assets', 'index-abc123.js'), JS);
  writeFileSync(join(dist, 'assets', 'index-abc123.js.br'), brotliCompressSync(JS));
  writeFileSync(join(dist, 'assets', 'index-abc123.js.gz'), gzipSync(JS));
  writeFileSync(join(dist, 'assets', 'plain-abc123.js'), JS);
  writeFileSync(join(dist, 'sw.js'), JS);
  writeFileSync(join(dist, 'sw.js.br'), brotliCompressSync(JS));
  writeFileSync(join(dist, 'manifest.webmanifest'), '{"name":"Funkeln"}');
  app = Fastify();
  await registerSpa(app, dist);
});
afterAll(async () => {
  await app.close();
  rmSync(dist, { recursive: true, force: true });
});

describe('built web app', () => {
  it('serves the service worker for the whole app, revalidated on every visit, and the manifest as a manifest', async () => {
    for (const encoding of ['br', 'identity']) {
      const sw = await app.inject({ url: '/sw.js', headers: { 'accept-encoding': encoding } });
      expect(sw.statusCode).toBe(200);
      expect(sw.headers['content-type']).toMatch(/javascript/);
      expect(sw.headers['service-worker-allowed']).toBe('/');
      expect(sw.headers['cache-control']).toBe('no-cache');
    }
    const manifest = await app.inject({ url: '/manifest.webmanifest' });
    expect(manifest.headers['content-type']).toMatch(/^application\/manifest\+json/);
    expect((await app.inject({ url: '/assets/index-abc123.js' })).headers['service-worker-allowed']).toBeUndefined();
  });

  it('sends the pre-compressed copy the browser accepts, cached for a year', async () => {
    const br = await app.inject({ url: '/assets/index-abc123.js', headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(br.headers.vary).toBe('Accept-Encoding');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(JS);

    const gzip = await app.inject({ url: '/assets/index-abc123.js', headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');

    const plain = await app.inject({ url: '/assets/index-abc123.js' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(JS);
  });

  it('falls back to the plain file when no compressed copy exists', async () => {
    const res = await app.inject({ url: '/assets/plain-abc123.js', headers: { 'accept-encoding': 'br, gzip' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.body).toBe(JS);
  });

  it('serves the compressed app shell for client routes, revalidated on every visit', async () => {
    const res = await app.inject({ url: '/discover', headers: { 'accept-encoding': 'br' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(brotliDecompressSync(res.rawPayload).toString()).toBe(HTML);
    expect((await app.inject({ url: '/assets/gone-123.js' })).statusCode).toBe(404);
  });
});
