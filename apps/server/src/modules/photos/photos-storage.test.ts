import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createNode, register, type TestApp } from '../../../test/harness.js';
import { makeJpeg, multipart } from '../../../test/images.js';
import { startS3Server, type S3Server } from '../../../test/s3-server.js';
import { createTestDb } from '../../../test/test-db.js';
import type { Db } from '../../db/client.js';
import type { Moderator } from './moderation/moderator.js';

// Photos uploaded on one server process and served, replaced and erased on another: each node has
// a DATA_DIR of its own and only STORAGE_URL in common. With TEST_DB=postgres (+ TEST_REDIS_URL)
// each node has its own pool and Redis connection as separate processes would; on PGlite the
// nodes share the one in-process database.
const approve: Moderator = {
  classify: async () => ({ Drawing: 0.05, Hentai: 0.01, Neutral: 0.9, Porn: 0.02, Sexy: 0.02 }),
  close: async () => undefined,
};

type Node = TestApp;

let s3: S3Server;
let shared: { db: Db; url: string | undefined; drop(): Promise<void> };
const prefix = `s${randomBytes(4).toString('hex')}:`;

const startNode = (storageUrl: string | undefined): Promise<Node> =>
  createNode(shared, { REDIS_PREFIX: prefix, ...(storageUrl ? { STORAGE_URL: storageUrl } : {}) }, { moderator: approve });

beforeAll(async () => {
  s3 = await startS3Server();
  shared = await createTestDb();
});
afterAll(async () => {
  await shared?.drop();
  await s3?.close();
});

type OwnPhoto = { id: string; url: string; thumbUrl: string };

async function upload(node: Node, token: string, width = 1200, height = 900): Promise<OwnPhoto> {
  const body = multipart(await makeJpeg(width, height));
  const res = await node.app.inject({ method: 'POST', url: '/api/photos/upload', payload: body.payload, headers: { ...body.headers, ...bearer(token) } });
  expect(res.statusCode).toBe(200);
  return res.json<{ photo: OwnPhoto }>().photo;
}

async function keysOf(node: Node, memberId: string): Promise<string[]> {
  const row = await node.c.photos.findForMember(memberId);
  if (!row) throw new Error('member has no photo');
  return [row.large_key, row.thumb_key, row.blur_key].filter((k): k is string => Boolean(k)).sort();
}

const myId = async (node: Node, token: string) => (await node.app.inject({ method: 'GET', url: '/api/me', headers: bearer(token) })).json<{ id: string }>().id;

describe('photos on an S3 bucket, across two server nodes', () => {
  let one: Node;
  let two: Node;
  beforeAll(async () => {
    one = await startNode(s3.storageUrl);
    two = await startNode(s3.storageUrl);
  });
  afterAll(async () => {
    await one?.close();
    await two?.close();
  });

  it('an upload on one node is in the bucket and served as JPEG by the other', async () => {
    const { token } = await register(one.app);
    const photo = await upload(one, token);
    const keys = await keysOf(one, await myId(one, token));
    expect(keys).toHaveLength(2);
    expect(await s3.keys()).toEqual(expect.arrayContaining(keys));

    const served = await two.app.inject({ method: 'GET', url: photo.url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/jpeg');
    const meta = await sharp(served.rawPayload).metadata();
    expect(meta).toMatchObject({ format: 'jpeg', width: 1080, height: 810 });
    const row = await two.c.photos.findForMember(await myId(two, token));
    expect(served.rawPayload.equals((await s3.object(row?.large_key ?? '')) ?? Buffer.alloc(0))).toBe(true);
    expect((await two.app.inject({ method: 'GET', url: photo.thumbUrl })).statusCode).toBe(200);
  });

  it('deleting a photo on the other node removes its files from the bucket', async () => {
    const { token } = await register(one.app);
    const first = await upload(one, token);
    const id = await myId(one, token);
    const oldKeys = await keysOf(one, id);

    const second = await upload(two, token, 800, 600);
    expect((await two.app.inject({ method: 'DELETE', url: `/api/me/photos/${first.id}`, headers: bearer(token) })).statusCode).toBe(200);
    const newKeys = await keysOf(two, id);
    const inBucket = await s3.keys();
    expect(inBucket).toEqual(expect.arrayContaining(newKeys));
    for (const k of oldKeys) expect(inBucket).not.toContain(k);
    expect((await one.app.inject({ method: 'GET', url: first.url })).statusCode).toBe(404);
    expect((await one.app.inject({ method: 'GET', url: second.url })).statusCode).toBe(200);
  });

  it('erasing the account removes every size of the photo from the bucket', async () => {
    const { token, password } = await register(two.app);
    const photo = await upload(two, token);
    const keys = await keysOf(two, await myId(two, token));
    expect(await s3.keys()).toEqual(expect.arrayContaining(keys));

    const res = await one.app.inject({ method: 'DELETE', url: '/api/me', headers: bearer(token), payload: { password } });
    expect(res.statusCode).toBe(200);
    const inBucket = await s3.keys();
    for (const k of keys) expect(inBucket).not.toContain(k);
    expect((await two.app.inject({ method: 'GET', url: photo.url })).statusCode).toBe(404);
  });
});

describe('photos on a shared directory (file://) across two nodes', () => {
  let dir: string;
  let one: Node;
  let two: Node;
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'funkeln-shared-photos-'));
    one = await startNode(pathToFileURL(dir).href);
    two = await startNode(pathToFileURL(dir).href);
  });
  afterAll(async () => {
    await one?.close();
    await two?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('an upload on one node is served by the other', async () => {
    const { token } = await register(one.app);
    const photo = await upload(one, token);
    const served = await two.app.inject({ method: 'GET', url: photo.url });
    expect(served.statusCode).toBe(200);
    expect((await sharp(served.rawPayload).metadata()).format).toBe('jpeg');
  });
});

describe('without STORAGE_URL each node keeps photos in its own DATA_DIR', () => {
  let one: Node;
  let two: Node;
  beforeAll(async () => {
    one = await startNode(undefined);
    two = await startNode(undefined);
  });
  afterAll(async () => {
    await one?.close();
    await two?.close();
  });

  it('so the other node cannot serve the photo (why several processes need STORAGE_URL)', async () => {
    const { token } = await register(one.app);
    const photo = await upload(one, token);
    expect((await one.app.inject({ method: 'GET', url: photo.url })).statusCode).toBe(200);
    expect((await two.app.inject({ method: 'GET', url: photo.url })).statusCode).toBe(404);
  });
});
