import { randomBytes } from 'node:crypto';
import { createServer } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startSigV4Server, type SigV4Server } from '../../../test/sigv4-s3-server.js';
import { createS3Storage, type S3Options } from './s3.js';
import { parseStorageUrl, type S3Target } from './storage-url.js';
import { errorOf, storageKey as key } from '../../../test/storage-helpers.js';

// The driver against a small S3 stand-in that checks every SigV4 signature from the spec
// (s3rver, used for the contract tests, accepts any V4 signature) and can fail on demand.
const ACCESS = 'AKIAFUNKELNTEST';
const SECRET = 'wJalr/XUtnFEMI+K7MDENG/bPxRfiCY'; // '/' and '+' as real AWS secrets have
const REGION = 'eu-central-1';
const BUCKET = 'funkeln-photos';

let s3: SigV4Server;
beforeAll(async () => {
  s3 = await startSigV4Server({ accessKeyId: ACCESS, secretAccessKey: SECRET, region: REGION }, BUCKET);
});
afterAll(() => s3.close());
beforeEach(() => {
  s3.requests.length = 0;
  s3.script.length = 0;
});

function target(secret = SECRET, endpoint = s3.endpoint): S3Target {
  const host = new URL(endpoint).host;
  const parsed = parseStorageUrl(`s3://${ACCESS}:${encodeURIComponent(secret)}@${host}/${BUCKET}?region=${REGION}&tls=false`);
  if (parsed.kind !== 's3') throw new Error('expected an s3 target');
  return parsed;
}
const driver = (options: S3Options = {}, t = target()) => createS3Storage(t, { retryDelayMs: 10, ...options });

describe('S3 driver: signing', () => {
  it('signs PUT, GET and DELETE with SigV4 (percent-decoded secret) and hashes the payload', async () => {
    const storage = driver();
    const k = key();
    const data = randomBytes(50_000);
    await storage.put(k, data);
    expect((await storage.get(k))?.equals(data)).toBe(true);
    await storage.delete(k);
    expect(await storage.get(k)).toBeUndefined();

    expect(s3.requests.map((r) => `${r.method} ${r.path}`)).toEqual([`PUT /${BUCKET}/${k}`, `GET /${BUCKET}/${k}`, `DELETE /${BUCKET}/${k}`, `GET /${BUCKET}/${k}`]);
    for (const r of s3.requests) {
      expect(r.signatureProblem).toBeNull();
      expect(r.headers.authorization).toMatch(new RegExp(`^AWS4-HMAC-SHA256 Credential=${ACCESS}/\\d{8}/${REGION}/s3/aws4_request, `));
      expect(r.headers['x-amz-content-sha256']).toMatch(/^[0-9a-f]{64}$/);
    }
    const put = s3.requests[0];
    expect(put?.headers['content-type']).toBe('image/jpeg');
    expect(put?.body.equals(data)).toBe(true);
  });

  it('names the content type by the key', async () => {
    await driver().put(key('webp'), Buffer.from('x'));
    await driver().put(key('png'), Buffer.from('x'));
    expect(s3.requests.map((r) => r.headers['content-type'])).toEqual(['image/webp', 'image/png']);
  });

  it('a wrong secret is refused by the server, and the error names the request, not the secret', async () => {
    const wrong = 'Not/The+Right/Secret';
    const storage = driver({}, target(wrong));
    const k = key();
    const err = await errorOf(storage.put(k, Buffer.from('x')));
    expect(err).toBeInstanceOf(Error);
    expect(err.message).toBe(`S3 PUT ${BUCKET}/${k} failed: HTTP 403 SignatureDoesNotMatch (SignatureDoesNotMatch here)`);
    expect(s3.requests[0]?.signatureProblem).toBe('signature does not match');
    for (const secret of [wrong, encodeURIComponent(wrong), ACCESS]) expect(err.message).not.toContain(secret);
    expect(s3.objects.has(k)).toBe(false);
  });
});

describe('S3 driver: failures', () => {
  it('retries once after a 5xx and then succeeds', async () => {
    s3.script.push(503);
    const k = key();
    await driver().put(k, Buffer.from('nach dem zweiten Versuch'));
    expect(s3.requests.map((r) => r.method)).toEqual(['PUT', 'PUT']);
    expect(s3.objects.get(k)?.toString()).toBe('nach dem zweiten Versuch');
  });

  it('gives up after the retry with the status in the error', async () => {
    s3.script.push(500, 503);
    const k = key();
    await expect(driver().get(k)).rejects.toThrow(`S3 GET ${BUCKET}/${k} failed: HTTP 503 InternalError`);
    expect(s3.requests).toHaveLength(2);
  });

  it('times out a server that does not answer, once per attempt', async () => {
    s3.script.push('hang', 'hang');
    const k = key();
    const started = Date.now();
    await expect(driver({ timeoutMs: 150 }).delete(k)).rejects.toThrow(`S3 DELETE ${BUCKET}/${k} failed: no answer within 150 ms`);
    expect(s3.requests).toHaveLength(2);
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it('reports an unreachable server as a network error', async () => {
    const closed = await new Promise<number>((resolve) => {
      const probe = createServer().listen(0, '127.0.0.1', () => {
        const { port } = probe.address() as { port: number };
        probe.close(() => resolve(port));
      });
    });
    const storage = driver({}, target(SECRET, `http://127.0.0.1:${closed}`));
    const k = key();
    const err = await errorOf(storage.put(k, Buffer.from('x')));
    expect(err.message).toBe(`S3 PUT ${BUCKET}/${k} failed: network error (ECONNREFUSED)`);
    expect(err.message).not.toContain(SECRET);
  });

  it('treats a missing bucket as an error, not as a missing photo', async () => {
    const other = parseStorageUrl(`s3://${ACCESS}:${encodeURIComponent(SECRET)}@${new URL(s3.endpoint).host}/other-bucket?region=${REGION}&tls=false`);
    if (other.kind !== 's3') throw new Error('expected an s3 target');
    const k = key();
    await expect(driver({}, other).get(k)).rejects.toThrow(`S3 GET other-bucket/${k} failed: HTTP 404 NoSuchBucket`);
    await expect(driver({}, other).delete(k)).rejects.toThrow('HTTP 404 NoSuchBucket');
  });

  it('refuses a key the server did not generate before any request', async () => {
    const storage = driver();
    for (const bad of ['../etc/passwd.jpg', 'abc.jpg', `${'a'.repeat(32)}.svg`, `x/../${'a'.repeat(32)}.jpg`]) {
      await expect(storage.put(bad, Buffer.from('x'))).rejects.toThrow(/invalid storage key/);
      await expect(storage.get(bad)).rejects.toThrow(/invalid storage key/);
      await expect(storage.delete(bad)).rejects.toThrow(/invalid storage key/);
    }
    expect(s3.requests).toHaveLength(0);
  });
});
