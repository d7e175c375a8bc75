import { createHash } from 'node:crypto';
import { photoCategories } from '@funkeln/contracts/leaderboard';
import type { LightMyRequestResponse } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, listen, type TestApp } from '../../../test/harness.js';
import { multipart } from '../../../test/images.js';
import { apiAs, type ApiMember } from '../../../test/members.js';
import { connectClient } from '../../../test/sockets.js';
import { approveAll, memberWithPhoto } from '../../../test/swipers.js';
import { PhotoUrlSigner } from '../photos/photo-urls.js';
import { FlirtImages } from './flirt-images.js';


let t: TestApp;
let base: string;
let berlin: number;
let api: ReturnType<typeof apiAs>;
let width = 300;

beforeAll(async () => {
  t = await createTestApp({}, {}, { moderator: approveAll });
  await t.c.places.ensureLoaded();
  berlin = (await t.c.places.search('Berlin'))[0]?.id ?? 0;
  api = apiAs(t.app);
  base = await listen(t.app);
}, 60_000);
afterAll(() => t.close());

/** Everyone in Berlin and active today: the feed orders them by id alone. */
const woman = (name: string) => memberWithPhoto(t.app, { name, gender: 'female', wants: ['male'], placeId: berlin, photoWidth: (width += 7) });
const man = (name: string) => memberWithPhoto(t.app, { name, gender: 'male', wants: ['female'], placeId: berlin, photoWidth: (width += 7) });

const sha256 = (data: Buffer) => createHash('sha256').update(data).digest();
/** Every way a response could be quoted elsewhere: status, headers, body, and the bytes' hash. */
const transcript = (res: LightMyRequestResponse) => [String(res.statusCode), JSON.stringify(res.headers), res.body, sha256(res.rawPayload).toString('hex')].join('\n');

/** All pages of the member's feed (2 cards a page), cards without the links' expiry, and the header names of each page. */
async function walkFeed(m: ApiMember): Promise<{ pages: unknown[]; cursors: string[] }> {
  const pages: unknown[] = [];
  const cursors: string[] = [];
  let cursor = '';
  for (let i = 0; i < 20; i++) {
    const res = await api('GET', `/api/feed?limit=2${cursor ? `&cursor=${cursor}` : ''}`, m.token);
    expect(res.statusCode).toBe(200);
    const cards = res.json<{ photoUrl: string }[]>().map((c) => ({ ...c, photoUrl: c.photoUrl.split('?')[0] }));
    pages.push({ cards, headers: Object.keys(res.headers).sort() });
    cursor = String(res.headers['x-next-cursor'] ?? '');
    if (!cursor) return { pages, cursors };
    cursors.push(cursor);
  }
  throw new Error('feed did not end');
}

describe('anonymous flirts cannot be linked to the sender before the match', () => {
  it('nothing the recipient gets for a flirt names the sender, their photo or its bytes; the feed is the same with or without it', async () => {
    const r = await woman('Rieke');
    const men = [];
    for (let i = 0; i < 5; i++) men.push(await man(`Kandidat ${i}`));
    men.sort((a, b) => (a.id < b.id ? -1 : 1));
    // The last two in the feed's order: a likes-first ranking would move them to the top.
    const [liker, sender] = men.slice(-2) as [ApiMember, ApiMember];
    expect((await api('PUT', '/api/me/settings', sender.token, { shareEnabled: true })).statusCode).toBe(200);

    const before = await walkFeed(r);
    expect(before.pages.flatMap((p) => (p as { cards: { id: string }[] }).cards.map((c) => c.id))).toEqual(men.map((m) => m.id));

    const socket = connectClient(base, r.token);
    await socket.connected();
    const socketEvents: string[] = [];
    socket.socket.onAny((name: string, ...args: unknown[]) => socketEvents.push(JSON.stringify([name, args])));

    expect((await api('POST', `/api/likes/${r.id}?type=flirt`, sender.token)).statusCode).toBe(200);
    expect((await api('POST', `/api/likes/${r.id}?type=like`, liker.token)).statusCode).toBe(200);

    // What the sender shows of themselves to the recipient elsewhere: id, name, photo ids, links, files.
    const senderSide: string[] = [sender.id, sender.name];
    const senderImages: LightMyRequestResponse[] = [];
    const card = (await api('GET', '/api/feed', r.token)).json<{ id: string; photoUrl: string }[]>().find((c) => c.id === sender.id);
    const profile = (await api('GET', `/api/profile/${sender.id}`, r.token)).json<{ profile: { photo_url: string; thumb_url: string } }>();
    const share = (await t.app.inject({ method: 'GET', url: `/share/${sender.id}` })).body.replace(/&#(\d+);/g, (_, c: string) => String.fromCharCode(Number(c)));
    // The share page's image link names the member (in senderSide already), not the photo.
    const shareLinks = share.match(/https?:[^"'\s]+\/share\/[0-9a-f-]{36}\/photo\?[^"'\s]+/g) ?? [];
    expect(shareLinks.length).toBeGreaterThan(0);
    const links = [card?.photoUrl, profile.profile.photo_url, profile.profile.thumb_url, ...shareLinks];
    for (const link of links) {
      const url = new URL(link ?? '', 'http://x');
      if (url.pathname.startsWith('/api/photos/')) {
        const photoId = url.pathname.split('/')[3] ?? '';
        expect(photoId).toMatch(/^[0-9a-f-]{36}$/);
        senderSide.push(photoId);
      }
      senderSide.push(url.pathname + url.search, url.searchParams.get('sig') ?? '');
      const image = await t.app.inject({ method: 'GET', url: url.pathname + url.search });
      expect(image.statusCode).toBe(200);
      senderImages.push(image);
      senderSide.push(sha256(image.rawPayload).toString('hex'), sha256(image.rawPayload).toString('base64'));
      for (const h of ['etag', 'last-modified']) if (image.headers[h]) senderSide.push(String(image.headers[h]));
    }

    // Everything the recipient can fetch before the match, apart from the feed (below).
    const flirts = await api('GET', '/api/likes/received', r.token);
    const [flirt] = flirts.json<{ flirtId: string; blurredThumbUrl: string | null }[]>();
    expect(flirt?.blurredThumbUrl).toEqual(expect.any(String));
    const blurred = await t.app.inject({ method: 'GET', url: flirt?.blurredThumbUrl ?? '' });
    expect(blurred.statusCode).toBe(200);
    expect(blurred.headers['content-type']).toBe('image/jpeg');
    const recipientSide = [flirts, blurred];
    // Every GET of the API that needs no id (the OpenAPI document lists them), with the Top10 of
    // every category; the feed is compared below, /api/feed here would only repeat it.
    const doc = t.app.swagger() as { paths: Record<string, Record<string, unknown>> };
    const plain = Object.keys(doc.paths).filter((p) => p.startsWith('/api/') && !p.includes('{') && doc.paths[p]?.get && p !== '/api/feed');
    expect(plain).toEqual(expect.arrayContaining(['/api/me', '/api/matches', '/api/messages', '/api/conversations', '/api/wallet', '/api/me/export']));
    const boards = photoCategories.map((c) => `/api/leaderboard/${c}`);
    for (const url of [...plain, ...boards]) recipientSide.push(await api('GET', url, r.token));
    const seen = [...recipientSide.map(transcript), ...socketEvents].join('\n');
    for (const id of senderSide) {
      expect(id.length).toBeGreaterThanOrEqual(8);
      expect(seen, `the recipient can join the flirt to ${id}`).not.toContain(id);
    }
    // The blurred bytes are served nowhere else: not the same file, not even the same size.
    for (const image of senderImages) {
      expect(sha256(blurred.rawPayload).equals(sha256(image.rawPayload))).toBe(false);
      expect(blurred.rawPayload.length).not.toBe(image.rawPayload.length);
    }

    // The feed, ranked afresh in the database: the same cards in the same order, no flag.
    t.c.events.publish('feed.stale', { userIds: [r.id] });
    const after = await walkFeed(r);
    expect(after.pages).toEqual(before.pages);
    socket.close();
  });

  it('the blurred link names only its flirt, works only for it and ends with the match', async () => {
    const r = await woman('Rosa');
    const s = await man('Sascha');
    const other = await man('Otto');
    await api('POST', `/api/likes/${r.id}?type=flirt`, s.token);
    await api('POST', `/api/likes/${r.id}?type=flirt`, other.token);
    const flirts = (await api('GET', '/api/likes/received', r.token)).json<{ flirtId: string; blurredThumbUrl: string }[]>();
    const [one, two] = flirts as [(typeof flirts)[0], (typeof flirts)[0]];
    const link = new URL(one.blurredThumbUrl, 'http://x');
    expect(link.pathname).toBe(`/api/likes/received/${one.flirtId}/blur`);
    // Another flirt's path with this signature, or a signature changed: refused.
    expect((await t.app.inject({ method: 'GET', url: `/api/likes/received/${two.flirtId}/blur${link.search}` })).statusCode).toBe(403);
    const forged = new URL(link);
    forged.searchParams.set('sig', `${link.searchParams.get('sig')?.slice(0, -2)}AA`);
    expect((await t.app.inject({ method: 'GET', url: forged.pathname + forged.search })).statusCode).toBe(403);
    // The photo routes serve no blurred size at all.
    const photoId = (await t.c.photos.findForMember(s.id))?.id;
    expect((await t.app.inject({ method: 'GET', url: `/api/photos/${photoId}/blur${link.search}&scope=public` })).statusCode).toBe(400);

    const url = link.pathname + link.search;
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(200);
    expect((await api('POST', `/api/likes/received/${one.flirtId}/accept`, r.token)).json()).toEqual({ match: true });
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(404);
  });
});

/** Replaces the member's photo with a 400 px square of one colour. */
async function setPhoto(m: ApiMember, background: string): Promise<void> {
  const body = multipart(await sharp({ create: { width: 400, height: 400, channels: 3, background } }).jpeg().toBuffer());
  const res = await t.app.inject({ method: 'POST', url: '/api/photos/upload', payload: body.payload, headers: { ...body.headers, authorization: `Bearer ${m.token}` } });
  expect(res.statusCode).toBe(200);
}

/** The recipient's only flirt and the bytes of its picture. */
async function flirtPicture(recipient: ApiMember): Promise<{ flirtId: string; image: Buffer }> {
  const [flirt] = (await api('GET', '/api/likes/received', recipient.token)).json<{ flirtId: string; blurredThumbUrl: string }[]>();
  const res = await t.app.inject({ method: 'GET', url: flirt?.blurredThumbUrl ?? '' });
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toBe('image/jpeg');
  expect(res.headers['cache-control']).toMatch(/^private, max-age=\d+, immutable$/);
  return { flirtId: flirt?.flirtId ?? '', image: res.rawPayload };
}

describe('the picture of an anonymous flirt', () => {
  it('is drawn from the flirt alone: one of its own for every flirt, the same whatever photo the sender has', async () => {
    const sender = await man('Rot');
    await setPhoto(sender, '#ff0000');
    const [anke, berit] = [await woman('Anke'), await woman('Berit')];
    await api('POST', `/api/likes/${anke.id}?type=flirt`, sender.token);
    await api('POST', `/api/likes/${berit.id}?type=flirt`, sender.token);
    const toAnke = await flirtPicture(anke);
    const toBerit = await flirtPicture(berit);
    expect(await sharp(toAnke.image).metadata()).toMatchObject({ format: 'jpeg', width: 48, height: 48 });
    expect(toAnke.image.equals(toBerit.image)).toBe(false);

    await setPhoto(sender, '#0000ff');
    expect((await flirtPicture(anke)).image.equals(toAnke.image)).toBe(true);
    expect((await flirtPicture(berit)).image.equals(toBerit.image)).toBe(true);
    // Another process (its own cache, the shared secret) draws the same picture from the flirt's id alone.
    const elsewhere = new FlirtImages(t.c.db, new PhotoUrlSigner(t.c.db));
    expect((await elsewhere.render(toAnke.flirtId)).equals(toAnke.image)).toBe(true);
  });
});

describe('feed cursors', () => {
  it('are opaque, work only for their viewer and are refused when changed, with the German 400', async () => {
    const viewer = await woman('Vroni');
    const stranger = await woman('Sophie');
    await man('Erster');
    await man('Zweiter');
    await t.c.db.query("UPDATE users SET premium_until = now() + interval '30 days' WHERE id = $1", [viewer.id]);
    const first = await api('GET', '/api/feed?limit=1', viewer.token);
    const cursor = String(first.headers['x-next-cursor'] ?? '');
    const cardId = first.json<{ id: string }[]>()[0]?.id ?? '';
    expect(cursor).not.toBe('');
    const opened = Buffer.from(cursor, 'base64url');
    expect(opened.toString('latin1')).not.toContain(cardId);
    expect(opened.includes(Buffer.from(cardId.replace(/-/g, ''), 'hex'))).toBe(false);
    expect(() => JSON.parse(opened.toString()) as unknown).toThrow();

    const next = await api('GET', `/api/feed?limit=1&cursor=${cursor}`, viewer.token);
    expect(next.statusCode).toBe(200);
    expect(next.json<{ id: string }[]>()[0]?.id).not.toBe(cardId);

    const flipped = Buffer.from(opened);
    flipped[20] = (flipped[20] ?? 0) ^ 1;
    const legacy = Buffer.from(JSON.stringify([0, 20_000, 0, cardId])).toString('base64url');
    for (const [who, bad] of [
      [stranger, cursor],
      [viewer, flipped.toString('base64url')],
      [viewer, legacy],
      [viewer, 'kaputt'],
    ] as const) {
      const res = await api('GET', `/api/feed?limit=1&cursor=${bad}`, who.token);
      expect(res.statusCode, bad).toBe(400);
      expect(res.json()).toEqual({ error: 'invalid_cursor', message: 'Ungültiger Cursor. Bitte lade die Vorschläge neu.' });
    }
  });
});
