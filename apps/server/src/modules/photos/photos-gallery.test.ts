import type { FeedCard } from '@funkeln/contracts/feed';
import type { GalleryResponse, PublicProfile } from '@funkeln/contracts/profiles';
import { describe, expect, it, vi } from 'vitest';
import { bearer, PUBLIC_URL } from '../../../test/harness.js';
import { decodeEntities } from '../../../test/html.js';
import { makeJpeg, multipart } from '../../../test/images.js';
import { confirmEmail, type ApiMember } from '../../../test/members.js';
import { useSwipers } from '../../../test/swipers.js';

/** Up to 6 photos per member: upload, order, delete, the main photo, and every place that shows one photo. */
const { t, api, member } = useSwipers();

async function upload(m: ApiMember, width = 400) {
  const body = multipart(await makeJpeg(width, 400));
  return t.app.inject({ method: 'POST', url: '/api/photos/upload', payload: body.payload, headers: { ...body.headers, ...bearer(m.token) } });
}
const gallery = async (m: ApiMember) => (await api('GET', '/api/me/photos', m.token)).json<GalleryResponse>();
const ids = async (m: ApiMember) => (await gallery(m)).photos.map((p) => p.id);
const reorder = (m: ApiMember, order: unknown) => api('PUT', '/api/me/photos/order', m.token, { ids: order });
/** A member (with one photo from the fixture) and `more` further approved photos; returns their ids in order. */
async function withPhotos(name: string, more: number, gender: 'female' | 'male' = 'female'): Promise<{ m: ApiMember; photos: string[] }> {
  const m = await member(name, gender, [gender === 'female' ? 'male' : 'female']);
  for (let i = 0; i < more; i++) expect((await upload(m, 300 + i)).statusCode).toBe(200);
  return { m, photos: await ids(m) };
}
const photoIdOf = (url: string | null | undefined) => url?.match(/\/api\/photos\/([0-9a-f-]{36})\//)?.[1];
const filesOf = async (memberId: string) =>
  (await t.c.db.query<{ large_key: string; thumb_key: string }>('SELECT large_key, thumb_key FROM photos WHERE user_id = $1', [memberId])).flatMap((r) => [r.large_key, r.thumb_key]);

describe('up to 6 photos', () => {
  it('adds each upload at the end and refuses the 7th in German', async () => {
    const { m, photos } = await withPhotos('Sechs', 5);
    expect(photos).toHaveLength(6);
    expect((await gallery(m)).photos.map((p) => [p.position, p.main])).toEqual([[0, true], [1, false], [2, false], [3, false], [4, false], [5, false]]);
    const seventh = await upload(m);
    expect(seventh.statusCode).toBe(409);
    expect(seventh.json()).toEqual({ error: 'too_many_photos', message: 'Du kannst höchstens 6 Fotos hochladen.' });
    expect(await ids(m)).toEqual(photos);
  });

  it('ends with exactly 6 photos at positions 0-5 after 12 parallel uploads', async () => {
    const m = await member('Eilig', 'female', ['male']);
    await api('DELETE', `/api/me/photos/${(await ids(m))[0]}`, m.token);
    const results = await Promise.all(Array.from({ length: 12 }, (_, i) => upload(m, 200 + i)));
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(6);
    expect(results.filter((r) => r.statusCode === 409).every((r) => r.json().error === 'too_many_photos')).toBe(true);
    expect(results.filter((r) => r.statusCode === 409)).toHaveLength(6);
    const rows = await t.c.db.query<{ position: number }>('SELECT position FROM photos WHERE user_id = $1 ORDER BY position', [m.id]);
    expect(rows.map((r) => r.position)).toEqual([0, 1, 2, 3, 4, 5]);
    for (const key of await filesOf(m.id)) expect(await t.c.storage.get(key)).toBeDefined();
  }, 60_000);
});

describe('order', () => {
  it('takes the full list of the member\'s own ids in a new order', async () => {
    const { m, photos } = await withPhotos('Ordnung', 2);
    const reversed = [...photos].reverse();
    const res = await reorder(m, reversed);
    expect(res.statusCode).toBe(200);
    expect(res.json<GalleryResponse>().photos.map((p) => [p.id, p.position])).toEqual(reversed.map((id, i) => [id, i]));
    expect(await ids(m)).toEqual(reversed);
  });

  it('refuses foreign, unknown, duplicate, missing and garbage ids and changes nothing', async () => {
    const { m, photos } = await withPhotos('Streng', 2);
    const other = await withPhotos('Fremd', 0);
    const [a, b, c] = photos as [string, string, string];
    const cases: unknown[] = [
      [a, b, other.photos[0]], // another member's photo instead of one's own
      [a, b, c, other.photos[0]], // another member's photo added
      [a, b, '00000000-0000-4000-8000-000000000000'],
      [a, a, b],
      [a, b],
      [a, b, c, a],
      [a, b, 'kein-foto'],
      [a, b, `${c.slice(0, 35)}\u0000`],
      [],
      Array.from({ length: 7 }, () => a),
      'abc',
    ];
    for (const order of cases) {
      const res = await reorder(m, order);
      expect(res.statusCode, JSON.stringify(order)).toBe(400);
      expect(res.json().message).toMatch(/^(Die Reihenfolge|Ungültige)/);
    }
    expect((await reorder(m, [a, b, other.photos[0]])).json().error).toBe('invalid_photo_order');
    expect(await ids(m)).toEqual(photos);
    expect(await ids(other.m)).toEqual(other.photos);
  });

  it('keeps 6 positions consistent under parallel reorders', async () => {
    const { m, photos } = await withPhotos('Parallel', 5);
    const orders = Array.from({ length: 8 }, (_, i) => [...photos.slice(i % 6), ...photos.slice(0, i % 6)]);
    const results = await Promise.all(orders.map((o) => reorder(m, o)));
    expect(results.every((r) => r.statusCode === 200)).toBe(true);
    const rows = await t.c.db.query<{ position: number }>('SELECT position FROM photos WHERE user_id = $1 ORDER BY position', [m.id]);
    expect(rows.map((r) => r.position)).toEqual([0, 1, 2, 3, 4, 5]);
  });
});

describe('delete', () => {
  it('deletes only one\'s own photo, with its files, and closes the gap', async () => {
    const { m, photos } = await withPhotos('Löscht', 2);
    const other = await withPhotos('Bleibt', 0);
    const foreign = await api('DELETE', `/api/me/photos/${other.photos[0]}`, m.token);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().message).toBe('Dieses Foto gibt es in deiner Galerie nicht.');
    expect(await ids(other.m)).toEqual(other.photos);
    expect((await api('DELETE', '/api/me/photos/kein-foto', m.token)).statusCode).toBe(400);

    const [key] = await t.c.db.query<{ large_key: string; thumb_key: string }>('SELECT large_key, thumb_key FROM photos WHERE id = $1', [photos[1]]);
    const res = await api('DELETE', `/api/me/photos/${photos[1]}`, m.token);
    expect(res.statusCode).toBe(200);
    expect(res.json<GalleryResponse>().photos.map((p) => [p.id, p.position])).toEqual([[photos[0], 0], [photos[2], 1]]);
    expect(await t.c.storage.get(key!.large_key)).toBeUndefined();
    expect(await t.c.storage.get(key!.thumb_key)).toBeUndefined();
    expect((await api('DELETE', `/api/me/photos/${photos[1]}`, m.token)).statusCode).toBe(404);
    // The freed place takes a new upload at the end.
    expect((await upload(m)).statusCode).toBe(200);
    expect((await gallery(m)).photos.map((p) => p.position)).toEqual([0, 1, 2]);
  });
});

describe('the main photo', () => {
  it('is the first approved, enabled photo by position, on the profile, feed card and share page', async () => {
    const { m, photos } = await withPhotos('Hauptfoto', 2);
    expect((await api('PUT', '/api/me/settings', m.token, { shareEnabled: true })).statusCode).toBe(200);
    const [a, b, c] = photos as [string, string, string];
    const viewer = await member('Betrachter', 'male', ['female']);
    const profile = async () => (await api('GET', `/api/profile/${m.id}`, viewer.token)).json<PublicProfile>().profile;
    const card = async () => (await api('GET', '/api/feed?limit=50', viewer.token)).json<FeedCard[]>().filter((x) => x.id === m.id);
    const share = async () => (await t.app.inject({ method: 'GET', url: `/share/${m.id}` })).body;
    const bytes = async (url: string) => (await t.app.inject({ method: 'GET', url: url.replace(PUBLIC_URL, '') })).rawPayload;
    /** The share page's preview image (its link names the member, not the photo). */
    const sharedImage = async () => bytes(decodeEntities(/<meta property="og:image" content="([^"]+)">/.exec(await share())?.[1]));

    expect(photoIdOf((await profile()).photo_url)).toBe(a);
    expect((await profile()).photos.map((p) => photoIdOf(p.url))).toEqual([a, b, c]);
    await t.c.db.query("UPDATE photos SET status = 'pending' WHERE id = $1", [a]);
    await t.c.db.query('UPDATE photos SET disabled_at = now() WHERE id = $1', [b]);
    t.c.events.publish('users.changed', { userIds: [m.id] });
    expect(photoIdOf((await profile()).photo_url)).toBe(c);
    expect((await profile()).photos.map((p) => photoIdOf(p.url))).toEqual([c]);
    expect((await gallery(m)).photos.map((p) => [p.status, p.main])).toEqual([['pending', false], ['disabled', false], ['approved', true]]);
    const [one] = await card();
    expect(photoIdOf(one?.photoUrl)).toBe(c);
    expect(one?.photos?.map(photoIdOf)).toEqual([c]);
    expect(await sharedImage()).toEqual(await bytes((await profile()).photo_url!));
    expect(await share()).not.toContain(a);

    await t.c.db.query("UPDATE photos SET status = 'approved', disabled_at = NULL WHERE user_id = $1", [m.id]);
    expect((await reorder(m, [b, c, a])).statusCode).toBe(200);
    expect(photoIdOf((await profile()).photo_url)).toBe(b);
    expect((await gallery(m)).photos.map((p) => p.main)).toEqual([true, false, false]);
  });

  it('a candidate with 6 photos is one feed card (main photo first, every photo in order) and one match', async () => {
    const { m, photos } = await withPhotos('Sechsfach', 5);
    const viewer = await member('Sucher', 'male', ['female']);
    const cards = (await api('GET', '/api/feed?limit=50', viewer.token)).json<FeedCard[]>();
    expect(new Set(cards.map((c) => c.id)).size).toBe(cards.length);
    const mine = cards.filter((c) => c.id === m.id);
    expect(mine).toHaveLength(1);
    expect(photoIdOf(mine[0]?.photoUrl)).toBe(photos[0]);
    expect(mine[0]?.photos?.map(photoIdOf)).toEqual(photos);

    // A candidate whose only photo waits for moderation is not in the feed.
    const waiting = await member('Wartet', 'female', ['male']);
    await t.c.db.query("UPDATE photos SET status = 'pending' WHERE user_id = $1", [waiting.id]);
    t.c.events.publish('users.changed', { userIds: [waiting.id] });
    expect((await api('GET', '/api/feed?limit=50', viewer.token)).json<FeedCard[]>().some((c) => c.id === waiting.id)).toBe(false);

    // Matched: one row with the main photo's thumbnail, also in the conversation list.
    expect((await api('POST', `/api/likes/${m.id}?type=like`, viewer.token)).statusCode).toBe(200);
    expect((await api('POST', `/api/likes/${viewer.id}?type=like`, m.token)).statusCode).toBe(200);
    await reorder(m, [photos[3], ...photos.filter((p) => p !== photos[3])]);
    const matches = (await api('GET', '/api/matches', viewer.token)).json<{ userId: string; thumbUrl: string | null }[]>().filter((x) => x.userId === m.id);
    expect(matches).toHaveLength(1);
    expect(photoIdOf(matches[0]?.thumbUrl)).toBe(photos[3]);
  });
});

describe('Top10', () => {
  it('lets the member choose which approved photo competes per category; one row per member', async () => {
    const { m, photos } = await withPhotos('Kandidatin', 2);
    const [a, b, c] = photos as [string, string, string];
    const voter = await member('Wähler', 'male', ['female']);
    await confirmEmail(t.c, voter.id); // only a confirmed member votes
    const other = await withPhotos('Andere', 0);
    const set = (body: object, who = m) => api('PUT', '/api/me/photo/categories', who.token, body);

    expect((await set({ categories: ['bikini', 'face'], photos: { face: b } })).json()).toEqual({ categories: ['bikini', 'face'], photos: { face: b } });
    expect((await set({ categories: ['face'], photos: { face: other.photos[0] } })).json().error).toBe('invalid_entry_photo');
    await t.c.db.query("UPDATE photos SET status = 'pending' WHERE id = $1", [c]);
    expect((await set({ categories: ['face'], photos: { face: c } })).statusCode).toBe(400);
    expect((await set({ categories: ['face'], photos: { face: 'x' } })).statusCode).toBe(400);
    expect((await api('GET', '/api/me/photo/categories', m.token)).json()).toEqual({ categories: ['bikini', 'face'], photos: { face: b } });

    const vote = (photoId: string, category: string) => api('POST', '/api/votes', voter.token, { photoId, category });
    expect((await vote(a, 'face')).statusCode).toBe(404); // not the photo chosen for 'face'
    expect((await vote(b, 'face')).statusCode).toBe(200);
    expect((await vote(a, 'bikini')).statusCode).toBe(200); // the main photo by default
    expect((await vote(b, 'bikini')).statusCode).toBe(404);
    const next = (await api('GET', '/api/votes/next?category=face', (await member('Neu', 'male', ['female'])).token)).json<{ candidate: { photoId: string } | null }>();
    expect(next.candidate?.photoId).toBe(b);

    const top = async (category: string) => (await api('GET', `/api/leaderboard/${category}`, voter.token)).json<{ user_id: string; photo_id: string }[]>().filter((e) => e.user_id === m.id);
    expect((await top('face')).map((e) => e.photo_id)).toEqual([b]);
    expect((await top('bikini')).map((e) => e.photo_id)).toEqual([a]);
    // Switching the face photo to the main photo: only the competing photo is listed, never both.
    expect((await set({ categories: ['bikini', 'face'] })).json()).toEqual({ categories: ['bikini', 'face'], photos: {} });
    expect((await top('face')).map((e) => e.photo_id)).toEqual([]);
    // Deleting the chosen photo falls back to the main photo.
    await set({ categories: ['bikini', 'face'], photos: { face: b } });
    await api('DELETE', `/api/me/photos/${b}`, m.token);
    expect((await api('GET', '/api/me/photo/categories', m.token)).json()).toEqual({ categories: ['bikini', 'face'], photos: {} });
    // (one vote per voter, photo and month whatever the category: a second voter)
    const second = await member('Zweiter', 'male', ['female']);
    await confirmEmail(t.c, second.id);
    expect((await api('POST', '/api/votes', second.token, { photoId: a, category: 'face' })).statusCode).toBe(200);
    expect((await top('face')).map((e) => e.photo_id)).toEqual([a]);

    // A reorder changes the competing photo: open Top10 pages of the member's categories hear of it.
    const heard: { category: string; photos: string[] }[] = [];
    const off = t.c.events.on('leaderboard.changed', (e) => heard.push({ category: e.category, photos: e.entries.filter((x) => x.user_id === m.id).map((x) => x.photo_id) }));
    await reorder(m, [c, a]);
    await t.c.db.query("UPDATE photos SET status = 'approved' WHERE id = $1", [c]);
    await reorder(m, [c, a]);
    await vi.waitFor(() => expect(heard.some((h) => h.category === 'face')).toBe(true));
    off();
  });
});

describe('rewards, export and deletion', () => {
  it('pays the photo reward once, however often photos are deleted and uploaded', async () => {
    const { m, photos } = await withPhotos('Sammlerin', 0);
    await confirmEmail(t.c, m.id);
    const claim = () => api('POST', '/api/rewards/claim', m.token, { type: 'upload_photo' });
    expect((await claim()).statusCode).toBe(200);
    await api('DELETE', `/api/me/photos/${photos[0]}`, m.token);
    expect((await upload(m)).statusCode).toBe(200);
    const again = await claim();
    expect(again.statusCode).toBe(409);
  });

  it('exports every photo with its file and erases every file with the account', async () => {
    const { m, photos } = await withPhotos('Export', 2);
    await reorder(m, [photos[2], photos[0], photos[1]]);
    const exported = (await api('GET', '/api/me/export', m.token)).json<{ photos: { id: string; position: number; file: { base64: string } | null }[] }>();
    expect(exported.photos.map((p) => [p.id, p.position])).toEqual([[photos[2], 0], [photos[0], 1], [photos[1], 2]]);
    expect(exported.photos.every((p) => (p.file?.base64.length ?? 0) > 100)).toBe(true);

    const files = await filesOf(m.id);
    expect(files).toHaveLength(6);
    const res = await api('DELETE', '/api/me', m.token, { password: 'Kiwi-Wolke-Geheim-42' });
    expect(res.statusCode).toBe(200);
    for (const key of files) expect(await t.c.storage.get(key)).toBeUndefined();
    expect(await t.c.db.query('SELECT 1 FROM photos WHERE user_id = $1', [m.id])).toEqual([]);
  });
});
