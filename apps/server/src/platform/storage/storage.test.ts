import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startS3Server, type S3Server } from '../../../test/s3-server.js';
import type { BlobStorage } from './blob-storage.js';
import { createStorage } from './create-storage.js';
import { errorOf, storageKey as key } from '../../../test/storage-helpers.js';

// One contract, every driver STORAGE_URL can name: unset (DATA_DIR/photos), file:// and s3://
// against s3rver, a real HTTP server speaking the S3 REST API.
let s3: S3Server;
const dirs: string[] = [];
const tempDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'funkeln-storage-'));
  dirs.push(dir);
  return dir;
};
beforeAll(async () => {
  s3 = await startS3Server();
});
afterAll(async () => {
  await s3?.close();
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});


interface Driver {
  make(): BlobStorage;
  /** Reads an object behind the driver's back (the disk, or S3 over plain HTTP). */
  peek(key: string): Promise<Buffer | undefined>;
}

const fileOrUndefined = (path: string) => {
  try {
    return readFileSync(path);
  } catch {
    return undefined;
  }
};

function localDriver(): Driver {
  const dataDir = tempDir();
  return {
    make: () => createStorage({ dataDir, storageUrl: undefined }),
    peek: async (k) => fileOrUndefined(join(dataDir, 'photos', k.slice(0, 2), k)),
  };
}
function sharedDirDriver(): Driver {
  const shared = tempDir();
  return {
    make: () => createStorage({ dataDir: tempDir(), storageUrl: pathToFileURL(shared).href }),
    peek: async (k) => fileOrUndefined(join(shared, k.slice(0, 2), k)),
  };
}
const s3Driver = (): Driver => ({
  make: () => createStorage({ dataDir: tempDir(), storageUrl: s3.storageUrl }),
  peek: (k) => s3.object(k),
});

describe.each([['local', localDriver], ['file', sharedDirDriver], ['s3', s3Driver]] as const)('%s driver', (_kind, driverOf) => {
  let d: Driver;
  beforeAll(() => {
    d = driverOf();
  });

  it('stores, returns and deletes bytes', async () => {
    const storage = d.make();
    const k = key();
    const data = randomBytes(200_000);
    await storage.put(k, data);
    // equals(), not toEqual(): a deep comparison of 200 kB takes vitest a second
    expect((await d.peek(k))?.equals(data)).toBe(true);
    expect((await storage.get(k))?.equals(data)).toBe(true);
    await storage.delete(k);
    expect(await d.peek(k)).toBeUndefined();
    expect(await storage.get(k)).toBeUndefined();
  });

  it('a second driver on the same configuration (another process) sees the same objects', async () => {
    const one = d.make();
    const two = d.make();
    const k = key('webp');
    await one.put(k, Buffer.from('geteilt'));
    expect((await two.get(k))?.toString()).toBe('geteilt');
    await two.delete(k);
    expect(await one.get(k)).toBeUndefined();
  });

  it('answers undefined for a missing key and deletes a missing key quietly', async () => {
    const storage = d.make();
    const k = key('png');
    expect(await storage.get(k)).toBeUndefined();
    await expect(storage.delete(k)).resolves.toBeUndefined();
  });

  it('refuses keys it did not generate', async () => {
    const storage = d.make();
    for (const bad of ['../../etc/passwd', `../${'a'.repeat(32)}.jpg`, `${'A'.repeat(32)}.jpg`, `${'a'.repeat(32)}.html`, '']) {
      await expect(storage.put(bad, Buffer.from('x'))).rejects.toThrow(/invalid storage key/);
      await expect(storage.get(bad)).rejects.toThrow(/invalid storage key/);
      await expect(storage.delete(bad)).rejects.toThrow(/invalid storage key/);
    }
  });
});

it('s3: the object is stored with its media type, and unknown credentials are refused', async () => {
  const k = key();
  await createStorage({ dataDir: tempDir(), storageUrl: s3.storageUrl }).put(k, Buffer.from('jpeg'));
  const res = await fetch(`${s3.endpoint}/funkeln-photos/${k}`);
  expect(res.headers.get('content-type')).toBe('image/jpeg');

  const stranger = createStorage({ dataDir: tempDir(), storageUrl: s3.storageUrl.replace('S3RVER:S3RVER', 'FREMD:geheim%2Fwert') });
  const err = await errorOf(stranger.put(key(), Buffer.from('x')));
  expect(err.message).toMatch(/^S3 PUT funkeln-photos\/[0-9a-f]{32}\.jpg failed: HTTP 403 InvalidAccessKeyId/);
  expect(err.message).not.toMatch(/FREMD|geheim/);
});
