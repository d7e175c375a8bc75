import { randomBytes, randomUUID } from 'node:crypto';
import exifr from 'exifr';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, register, type TestApp } from '../../../test/harness.js';
import { makeJpeg, makeJpegWithGps, makePngBomb, multipart } from '../../../test/images.js';
import type { NsfwScores } from './moderation/decision.js';
import type { Moderator } from './moderation/moderator.js';
import { PhotoUrlSigner } from './photo-urls.js';

/** A stand-in model whose verdict each test chooses; the real model has its own tests below. */
let nextScores: NsfwScores | Error = { Drawing: 0.05, Hentai: 0.01, Neutral: 0.9, Porn: 0.02, Sexy: 0.02 };
const scriptedModerator: Moderator = {
  classify: async () => {
    if (nextScores instanceof Error) throw nextScores;
    return nextScores;
  },
  close: async () => undefined,
};
const SAFE: NsfwScores = { Drawing: 0.05, Hentai: 0.01, Neutral: 0.9, Porn: 0.02, Sexy: 0.02 };
/** Porn + Hentai 0.75: between the default review (0.7) and reject (0.95) thresholds. */
const GREY: NsfwScores = { Drawing: 0.02, Hentai: 0.05, Neutral: 0.15, Porn: 0.7, Sexy: 0.08 };
/** Porn + Hentai 0.94: explicit, but an ordinary close-up can score as much (bench/moderation), so a human decides. */
const EXPLICIT: NsfwScores = { Drawing: 0.01, Hentai: 0.04, Neutral: 0.02, Porn: 0.9, Sexy: 0.03 };
/** Porn + Hentai 0.99: past the reject threshold. */
const CERTAIN: NsfwScores = { Drawing: 0, Hentai: 0.01, Neutral: 0.005, Porn: 0.98, Sexy: 0.005 };

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({}, {}, { moderator: scriptedModerator });
});
afterAll(() => t.close());

type OwnPhotoJson = { id: string; status: string; statusLabel: string; url: string; thumbUrl: string };

async function upload(token: string, file: Buffer, filename = 'foto.jpg', contentType = 'image/jpeg') {
  const body = multipart(file, filename, contentType);
  return t.app.inject({ method: 'POST', url: '/api/photos/upload', payload: body.payload, headers: { ...body.headers, ...bearer(token) } });
}
const get = (url: string, token?: string) => t.app.inject({ method: 'GET', url, headers: token ? bearer(token) : {} });
const storedFiles = async () => (await t.c.db.query<{ n: number }>('SELECT count(*)::int AS n FROM photos'))[0]?.n ?? 0;

describe('upload pipeline', () => {
  it('strips EXIF and GPS, turns the photo upright and makes 1080 px and 320 px versions', async () => {
    const { token } = await register(t.app);
    const original = await makeJpegWithGps(6);
    expect((await exifr.gps(original))?.latitude).toBeCloseTo(52.52, 2); // the fixture really carries GPS

    nextScores = SAFE;
    const res = await upload(token, original);
    expect(res.statusCode).toBe(200);
    const photo = res.json<{ photo: OwnPhotoJson }>().photo;
    expect(photo).toMatchObject({ status: 'approved', statusLabel: 'Freigegeben' });

    for (const [url, longSide] of [[photo.url, 1080], [photo.thumbUrl, 320]] as const) {
      const served = await get(url);
      expect(served.statusCode).toBe(200);
      expect(served.headers['content-type']).toBe('image/jpeg');
      expect(served.headers['x-content-type-options']).toBe('nosniff');
      expect(served.headers['cache-control']).toMatch(/^private, max-age=\d+, immutable$/);
      const bytes = served.rawPayload;
      const meta = await sharp(bytes).metadata();
      expect(meta.exif).toBeUndefined();
      expect(meta.icc).toBeUndefined();
      expect(meta.xmp).toBeUndefined();
      expect(meta.orientation).toBeUndefined();
      // orientation 6 turns the 1600x1200 landscape into a portrait
      expect(meta.height).toBe(longSide);
      expect(meta.width).toBe(Math.round((longSide * 1200) / 1600));
      expect(await exifr.parse(bytes, { gps: true, tiff: true, exif: true }).catch(() => undefined)).toBeUndefined();
      expect(bytes.includes(Buffer.from('FunkelCam'))).toBe(false);
      expect(bytes.includes(Buffer.from('SN-123456789'))).toBe(false);
    }
  });

  it.each(['png', 'webp', 'avif'] as const)('accepts %s by its content, whatever the file is called', async (format) => {
    const { token } = await register(t.app);
    nextScores = SAFE;
    const image = await sharp(await makeJpeg(640, 480)).toFormat(format).toBuffer();
    const res = await upload(token, image, 'ohne-endung', 'application/octet-stream');
    expect(res.statusCode).toBe(200);
    const served = await get(res.json<{ photo: OwnPhotoJson }>().photo.url);
    expect((await sharp(served.rawPayload).metadata()).format).toBe('jpeg');
  });

  it.each([
    ['a renamed text file', Buffer.from('Das ist kein Bild, nur Text.'.repeat(10)), 'foto.jpg', 415, /Dateiformat wird nicht unterstützt/],
    ['a PDF', Buffer.from('%PDF-1.7\n1 0 obj\n<<>>\nendobj\n'), 'bild.png', 415, /Dateiformat/],
    ['an empty file', Buffer.alloc(0), 'leer.jpg', 400, /Datei ist leer/],
    ['a decompression bomb', makePngBomb(), 'bombe.png', 413, /40 Megapixel/],
  ])('refuses %s with a German message and stores nothing', async (_name, file, filename, status, message) => {
    const { token } = await register(t.app);
    const before = await storedFiles();
    const res = await upload(token, file, filename);
    expect(res.statusCode).toBe(status);
    expect(res.json().message).toMatch(message);
    expect(await storedFiles()).toBe(before);
  });

  it('refuses a truncated JPEG and an 11 MB file', async () => {
    const { token } = await register(t.app);
    const jpeg = await makeJpeg(2400, 1800);
    const truncated = await upload(token, jpeg.subarray(0, Math.floor(jpeg.length / 2)));
    expect(truncated.statusCode).toBe(400);
    expect(truncated.json().message).toMatch(/beschädigt oder unvollständig/);

    const huge = Buffer.concat([jpeg, Buffer.alloc(11 * 1024 * 1024 - jpeg.length, 1)]);
    const tooBig = await upload(token, huge);
    expect(tooBig.statusCode).toBe(413);
    expect(tooBig.json().message).toBe('Die Datei ist zu groß. Erlaubt sind höchstens 10 MB.');
    expect(await t.c.photos.findForMember((await get('/api/me', token)).json().id)).toBeUndefined();
  });

  it('needs a login, multipart and the field "file"', async () => {
    const jpeg = await makeJpeg(400, 300);
    const body = multipart(jpeg);
    expect((await t.app.inject({ method: 'POST', url: '/api/photos/upload', payload: body.payload, headers: body.headers })).statusCode).toBe(401);
    const { token } = await register(t.app);
    const json = await t.app.inject({ method: 'POST', url: '/api/photos/upload', payload: { file: 'x' }, headers: bearer(token) });
    expect(json.statusCode).toBe(415);
    const wrongField = multipart(jpeg, 'a.jpg', 'image/jpeg', 'bild');
    const res = await t.app.inject({ method: 'POST', url: '/api/photos/upload', payload: wrongField.payload, headers: { ...wrongField.headers, ...bearer(token) } });
    expect(res.statusCode).toBe(400);
  });

  it('adds a second photo behind the first; deleting one removes its files (a legacy blurred copy too)', async () => {
    const { token } = await register(t.app);
    nextScores = SAFE;
    const first = (await upload(token, await makeJpeg(800, 600))).json<{ photo: OwnPhotoJson }>().photo;
    // Photos from before flirts got pictures of their own still have a blurred copy (blur_key).
    const legacyBlur = `${randomBytes(16).toString('hex')}.jpg`;
    await t.c.storage.put(legacyBlur, await makeJpeg(48, 48));
    await t.c.db.query('UPDATE photos SET blur_key = $1 WHERE id = $2', [legacyBlur, first.id]);
    const [old] = await t.c.db.query<{ large_key: string; thumb_key: string }>('SELECT large_key, thumb_key FROM photos WHERE id = $1', [first.id]);
    const second = (await upload(token, await makeJpeg(900, 600))).json<{ photo: OwnPhotoJson }>().photo;
    expect(second.id).not.toBe(first.id);
    expect(await t.c.db.query('SELECT id, position FROM photos WHERE id = ANY($1::uuid[]) ORDER BY position', [[first.id, second.id]])).toEqual([
      { id: first.id, position: 0 },
      { id: second.id, position: 1 },
    ]);
    expect((await get(first.url)).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/me/photos/${first.id}`, headers: bearer(token) })).statusCode).toBe(200);
    expect(await t.c.storage.get(old?.large_key ?? '')).toBeUndefined();
    expect(await t.c.storage.get(old?.thumb_key ?? '')).toBeUndefined();
    expect(await t.c.storage.get(legacyBlur)).toBeUndefined();
    expect((await t.c.db.query('SELECT 1 FROM photos WHERE id = $1 AND blur_key IS NULL AND position = 0', [second.id])).length).toBe(1);
    expect((await get(first.url)).statusCode).toBe(404);
    expect((await get(second.url)).statusCode).toBe(200);
  });
});

describe('moderation outcome and who may see a photo', () => {
  async function member(scores: NsfwScores | Error) {
    const m = await register(t.app);
    nextScores = scores;
    const photo = (await upload(m.token, await makeJpeg(600, 600))).json<{ photo: OwnPhotoJson }>().photo;
    const id = (await get('/api/me', m.token)).json<{ id: string }>().id;
    // A profile, or others get the 404 of an account that never filled one in.
    const profile = { birthDate: '1995-06-15', gender: 'female', interestedIn: ['male'], ageMin: 18, ageMax: 60 };
    expect((await t.app.inject({ method: 'PUT', url: '/api/me/profile', headers: bearer(m.token), payload: profile })).statusCode).toBe(200);
    return { ...m, id, photo };
  }

  it('grey-zone and explicit scores wait for a human, near-certain ones are rejected, a model failure waits too', async () => {
    expect((await member(GREY)).photo).toMatchObject({ status: 'pending', statusLabel: 'Wird geprüft' });
    expect((await member(EXPLICIT)).photo).toMatchObject({ status: 'pending', statusLabel: 'Wird geprüft' });
    expect((await member(CERTAIN)).photo).toMatchObject({ status: 'rejected', statusLabel: 'Abgelehnt' });
    expect((await member(new Error('model crashed'))).photo.status).toBe('pending');
    const [row] = await t.c.db.query<{ moderation_label: string; moderation_scores: NsfwScores }>(
      "SELECT moderation_label, moderation_scores FROM photos WHERE status = 'rejected' LIMIT 1",
    );
    expect(row?.moderation_label).toBe('Porn');
    expect(row?.moderation_scores.Porn).toBe(0.98);
  });

  it('another member sees only approved photos; the owner sees their own in any state', async () => {
    const viewer = await register(t.app);
    for (const scores of [GREY, EXPLICIT, CERTAIN]) {
      const owner = await member(scores);
      const seen = (await get(`/api/profile/${owner.id}`, viewer.token)).json();
      expect(seen.profile.photo_url).toBeNull();
      expect(seen.profile.thumb_url).toBeNull();
      expect((await get(owner.photo.url)).statusCode).toBe(200); // the owner's own signed link
      const self = (await get(`/api/profile/${owner.id}`, owner.token)).json();
      expect(self.profile.photo_url).toBeTruthy();
    }
    const approved = await member(SAFE);
    const seen = (await get(`/api/profile/${approved.id}`, viewer.token)).json();
    expect((await get(seen.profile.photo_url)).statusCode).toBe(200);
    expect(seen.profile.photo_url).toContain('scope=public');
  });

  it('a disabled photo stops being served to others at once', async () => {
    const viewer = await register(t.app);
    const owner = await member(SAFE);
    const publicUrl = (await get(`/api/profile/${owner.id}`, viewer.token)).json().profile.photo_url as string;
    expect((await get(publicUrl)).statusCode).toBe(200);
    await t.c.db.query('UPDATE photos SET disabled_at = now() WHERE id = $1', [owner.photo.id]);
    expect((await get(publicUrl)).statusCode).toBe(404);
    expect((await get(`/api/me/profile`, owner.token)).json().photo.statusLabel).toBe('Gesperrt');
  });
});

describe('signed photo links', () => {
  it('refuse tampered, expired, re-scoped and foreign-photo links', async () => {
    const a = await register(t.app);
    const b = await register(t.app);
    nextScores = GREY;
    const photoA = (await upload(a.token, await makeJpeg(500, 500))).json<{ photo: OwnPhotoJson }>().photo;
    nextScores = SAFE;
    const photoB = (await upload(b.token, await makeJpeg(500, 500))).json<{ photo: OwnPhotoJson }>().photo;

    const url = new URL(photoA.url, 'http://x');
    const sig = url.searchParams.get('sig') ?? '';
    const variants = [
      // One character changed (never to itself: a fixed 'AA' ending was the real one once in ~1000 runs).
      `${url.pathname}?scope=owner&exp=${url.searchParams.get('exp')}&sig=${sig.startsWith('A') ? 'B' : 'A'}${sig.slice(1)}`,
      `${url.pathname}?scope=owner&exp=${Number(url.searchParams.get('exp')) + 300}&sig=${sig}`,
      `${url.pathname.replace('/large', '/thumb')}?${url.searchParams}`,
      `${url.pathname.replace(photoA.id, photoB.id)}?${url.searchParams}`,
    ];
    for (const v of variants) expect((await get(v)).statusCode, v).toBe(403);

    const publicOfA = `${url.pathname}?scope=public&exp=${url.searchParams.get('exp')}&sig=${sig}`;
    expect((await get(publicOfA)).statusCode).toBe(403);

    const past = new PhotoUrlSigner(t.c.db, () => Date.now() - 3 * 3600_000);
    const expired = await past.sign(photoB.id, 'large', 'public', 60);
    const res = await get(expired);
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe('Dieser Bildlink ist ungültig oder abgelaufen.');

    expect((await get(`/api/photos/not-a-uuid/large?scope=public&exp=1&sig=${'a'.repeat(43)}`)).statusCode).toBe(400);
  });

  it('have one spelling: junk after the signature, its unused low bits and a zero-padded expiry are refused (red team, session 58)', async () => {
    const a = await register(t.app);
    nextScores = SAFE;
    const photo = (await upload(a.token, await makeJpeg(500, 500))).json<{ photo: OwnPhotoJson }>().photo;
    const url = new URL(photo.url, 'http://x');
    const [exp, sig, scope] = [url.searchParams.get('exp') ?? '', url.searchParams.get('sig') ?? '', url.searchParams.get('scope') ?? ''];
    expect((await get(`${url.pathname}?scope=${scope}&exp=${exp}&sig=${sig}`)).statusCode).toBe(200);
    // The 43rd base64url digit carries 4 bits of the MAC and 2 unused ones: its neighbour (index xor 1) decodes to the same bytes.
    const digits = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
    const lowBits = sig.slice(0, 42) + digits[digits.indexOf(sig[42]!) ^ 1];
    expect(Buffer.from(lowBits, 'base64url')).toEqual(Buffer.from(sig, 'base64url'));
    const respelled = [`exp=${exp}&sig=${sig}=`, `exp=${exp}&sig=${sig}%20`, `exp=${exp}&sig=${sig}!`, `exp=${exp}&sig=${lowBits}`, `exp=0${exp}&sig=${sig}`, `exp=${exp}.0&sig=${sig}`];
    for (const q of respelled) expect((await get(`${url.pathname}?scope=${scope}&${q}`)).statusCode, q).toBeGreaterThanOrEqual(400);
    for (const q of respelled) expect((await get(`${url.pathname}?scope=${scope}&${q}`)).json().message, q).toContain('Dieser Bildlink ist ungültig oder abgelaufen.');
  });

  it('kept links are exactly the links signed afresh, per size, scope and expiry bucket, also after the bucket passes', async () => {
    const ids = [randomUUID(), randomUUID()];
    let now = Date.UTC(2026, 10, 28, 12, 0, 10);
    const clock = () => now;
    const kept = new PhotoUrlSigner(t.c.db, clock);
    const fresh = () => new PhotoUrlSigner(t.c.db, clock); // nothing kept yet
    for (const [size, scope] of [['large', 'public'], ['thumb', 'public'], ['large', 'owner']] as const) {
      expect(await kept.signAll(ids, size, scope, 60)).toEqual(await fresh().signAll(ids, size, scope, 60));
    }
    const before = await kept.signAll(ids, 'large', 'public', 60);
    now += 10 * 60_000; // two buckets later
    const after = await kept.signAll(ids, 'large', 'public', 60);
    expect(after).toEqual(await fresh().signAll(ids, 'large', 'public', 60));
    expect(after).not.toEqual(before);
    for (const link of after) {
      const url = new URL(link, 'https://funkeln.test');
      const id = url.pathname.split('/')[3] ?? '';
      expect(await kept.verify(id, 'large', 'public', Number(url.searchParams.get('exp')), url.searchParams.get('sig') ?? '')).toBe(true);
    }
  });

  it('signs many links at once exactly as one by one, each only for its own photo', async () => {
    const ids = [randomUUID(), randomUUID(), randomUUID()];
    const signer = new PhotoUrlSigner(t.c.db);
    const together = await signer.signAll(ids, 'large', 'public', 60, 'https://funkeln.test');
    expect(together).toEqual(await Promise.all(ids.map((id) => signer.sign(id, 'large', 'public', 60, 'https://funkeln.test'))));
    for (const [i, link] of together.entries()) {
      const url = new URL(link);
      expect(url.pathname).toBe(`/api/photos/${ids[i]}/large`);
      const exp = Number(url.searchParams.get('exp'));
      const sig = url.searchParams.get('sig') ?? '';
      expect(await signer.verify(ids[i]!, 'large', 'public', exp, sig)).toBe(true);
      expect(await signer.verify(ids[(i + 1) % ids.length]!, 'large', 'public', exp, sig)).toBe(false);
    }
    expect(await signer.signAll([], 'large', 'public', 60)).toEqual([]);
  });
});
