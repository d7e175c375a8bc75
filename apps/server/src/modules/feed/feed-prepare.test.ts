import type { FeedCard } from '@funkeln/contracts/feed';
import { Redis } from 'ioredis';
import { describe, expect, it, vi } from 'vitest';
import { EventBus } from '../../platform/events/events.js';
import { makeJpeg, multipart } from '../../../test/images.js';
import { bearer } from '../../../test/harness.js';
import { connectClient } from '../../../test/sockets.js';
import { useSwipers } from '../../../test/swipers.js';
import { createFeedModule } from './module.js';

const { t, api, act, member, feedIds } = useSwipers({ listen: true });

/** With Redis, decks are shared between processes (DeckShare) and any read is a whole deck. */
const sharing = Boolean(process.env.TEST_REDIS_URL);

/** The feed counters of this app: decks read by reason, pages by source. */
async function counters() {
  const [reads, pages] = await Promise.all([t.c.metrics.feedDeckReads.get(), t.c.metrics.feedPages.get()]);
  const of = (values: { labels: Record<string, unknown>; value: number }[], label: string, key: string) =>
    values.filter((v) => v.labels[label] === key).reduce((sum, v) => sum + v.value, 0);
  return {
    prepare: of(reads.values, 'reason', 'prepare'),
    request: of(reads.values, 'reason', 'request'),
    refill: of(reads.values, 'reason', 'refill'),
    deckPages: of(pages.values, 'source', 'deck'),
    databasePages: of(pages.values, 'source', 'database'),
  };
}

describe('feed decks read off the request path', () => {
  it('prepares the feed when the app opens (socket connects): the first page comes from memory', async () => {
    const anna = await member('Anna', 'female', ['male']);
    const ben = await member('Ben', 'male', ['female']);
    const before = await counters();
    const socket = connectClient(t.base, anna.token);
    try {
      await socket.connected();
      await vi.waitFor(async () => expect((await counters()).prepare).toBe(before.prepare + 1));
      expect(await feedIds(anna)).toContain(ben.id);
      const after = await counters();
      expect(after.request).toBe(before.request); // no read for the request itself
      expect(after.deckPages).toBe(before.deckPages + 1);
      expect(after.databasePages).toBe(before.databasePages);
    } finally {
      socket.close();
    }
  });

  it('a member whose profile is not complete connects without a deck and without an error', async () => {
    const { register } = await import('../../../test/harness.js');
    const { token } = await register(t.app);
    const before = await counters();
    const socket = connectClient(t.base, token);
    try {
      await socket.connected();
      await vi.waitFor(async () => expect((await counters()).prepare).toBe(before.prepare + 1));
      expect((await t.api('GET', '/api/feed', token)).statusCode).toBe(409);
    } finally {
      socket.close();
    }
  });

  it.skipIf(sharing)('a first page without a deck waits for its own rows only: the rest of the deck is read once the member swipes, the next pages come from memory', async () => {
    const viewer = await member('Wera', 'female', ['male']);
    for (const name of ['Dirk', 'Emil', 'Fritz', 'Gustav']) await member(name, 'male', ['female']);
    const everyone = await feedIds(viewer, '?limit=50');
    expect(everyone.length).toBeGreaterThanOrEqual(5);
    t.c.events.publish('feed.stale', { userIds: [viewer.id] }); // forget the deck that read
    const before = await counters();
    const seen: string[] = [];
    let cursor = '';
    for (let page = 0; page < 2; page++) {
      const res = await api('GET', `/api/feed?limit=2${cursor}`, viewer.token);
      expect(res.statusCode).toBe(200);
      seen.push(...res.json<{ id: string }[]>().map((c) => c.id));
      cursor = `&cursor=${encodeURIComponent(String(res.headers['x-next-cursor']))}`;
      if (page > 0) continue;
      // The refill starts when the member swipes (not while others may still wait for first pages).
      expect((await counters()).refill).toBe(before.refill);
      expect((await act(viewer, seen[0] ?? '', 'skip')).statusCode).toBe(200);
      await vi.waitFor(async () => expect((await counters()).refill).toBe(before.refill + 1));
    }
    expect(seen).toEqual(everyone.slice(0, 4));
    const after = await counters();
    expect(after.request).toBe(before.request + 1);
    expect(after.deckPages).toBe(before.deckPages + 2);
    expect(after.databasePages).toBe(before.databasePages);
  });

  it.runIf(sharing)('with decks shared between processes, a first page without a deck reads the whole deck: the next pages come from memory without a refill', async () => {
    const viewer = await member('Wanda', 'female', ['male']);
    for (const name of ['Dieter', 'Egon', 'Falk', 'Gerd']) await member(name, 'male', ['female']);
    const everyone = await feedIds(viewer, '?limit=50');
    t.c.events.publish('feed.stale', { userIds: [viewer.id] }); // forget the deck that read
    const before = await counters();
    const first = await api('GET', '/api/feed?limit=2', viewer.token);
    const cursor = encodeURIComponent(String(first.headers['x-next-cursor']));
    expect((await act(viewer, first.json<{ id: string }[]>()[0]?.id ?? '', 'skip')).statusCode).toBe(200);
    const second = await api('GET', `/api/feed?limit=2&cursor=${cursor}`, viewer.token);
    expect([...first.json<{ id: string }[]>(), ...second.json<{ id: string }[]>()].map((c) => c.id)).toEqual(everyone.slice(0, 4));
    const after = await counters();
    expect(after.request).toBe(before.request + 1);
    expect(after.refill).toBe(before.refill);
    expect(after.deckPages).toBe(before.deckPages + 2);
  });

  it('reads the ranking once for first pages asked at the same moment, and never serves a member swiped meanwhile', async () => {
    const viewer = await member('Vera', 'female', ['male']);
    const carl = await member('Carl', 'male', ['female']);
    const before = await counters();
    const pages = await Promise.all(Array.from({ length: 6 }, () => feedIds(viewer)));
    for (const ids of pages) expect(ids).toContain(carl.id);
    expect((await counters()).request).toBe(before.request + 1);

    expect((await t.api('POST', `/api/likes/${carl.id}?type=skip`, viewer.token)).statusCode).toBe(200);
    const again = await Promise.all(Array.from({ length: 3 }, () => feedIds(viewer)));
    for (const ids of again) expect(ids).not.toContain(carl.id);
  });

  it('with the shared decks unreachable (Redis down), the feed is read from the database as before, and the failure is logged', async () => {
    const viewer = await member('Uta', 'female', ['male']);
    const kai = await member('Kai', 'male', ['female']);
    // A Redis that answers nothing: every command fails at once.
    const down = new Redis('redis://127.0.0.1:1', { lazyConnect: true, enableOfflineQueue: false, maxRetriesPerRequest: 0, retryStrategy: () => null });
    down.on('error', () => undefined); // its connection's failure; each command's is what the feed must survive
    const warned: object[] = [];
    const log = { warn: (obj: object) => void warned.push(obj), error: (obj: object) => void warned.push(obj) };
    const { photos, cursors } = { photos: t.c.modules.photos.services.photos, cursors: t.c.cursors };
    const events = new EventBus();
    const { services } = createFeedModule({ config: t.c.config, db: t.c.db, events, cacheable: () => true, log, metrics: t.c.metrics, photos, cursors, redis: down, indexEnabled: () => false });
    try {
      const page = await services.feed.page(viewer.id, false, {});
      expect(page.cards.map((c) => c.id)).toEqual(await feedIds(viewer));
      expect(page.cards.map((c) => c.id)).toContain(kai.id);
      await services.feed.prepare(viewer.id);
      expect(warned.length).toBeGreaterThan(0);
    } finally {
      down.disconnect();
      await events.close();
    }
  });

  it('a card served from the later rows of a deck shows all a card shows: its photos, text, interests and badges are read when its page is served', async () => {
    const viewer = await member('Ina', 'female', ['male']);
    expect((await api('PUT', '/api/me/profile', viewer.token, { interests: ['kochen', 'reisen'] })).statusCode).toBe(200);
    const men = [];
    for (const name of ['Jan', 'Kurt', 'Lars']) men.push(await member(name, 'male', ['female']));
    for (const [i, m] of men.entries()) {
      const profile = { aboutMe: `Ich bin ${m.name}.`, interests: ['yoga', 'reisen', i === 0 ? 'kino' : 'kochen'] };
      expect((await api('PUT', '/api/me/profile', m.token, profile)).statusCode).toBe(200);
      // A second photo each: the card's gallery.
      const body = multipart(await makeJpeg(420 + i, 400));
      expect((await t.app.inject({ method: 'POST', url: '/api/photos/upload', payload: body.payload, headers: { ...body.headers, ...bearer(m.token) } })).statusCode).toBe(200);
    }
    const checked = men[2]!;
    await t.c.db.query(
      `INSERT INTO verification_attempts (id, user_id, instruction, status, expires_at) VALUES (gen_random_uuid(), $1, 'tilt', 'verified', now() + interval '10 minutes')`,
      [checked.id],
    );
    await t.c.db.query('INSERT INTO photo_verifications (user_id, attempt_id) SELECT user_id, id FROM verification_attempts WHERE user_id = $1', [checked.id]);
    t.c.events.publish('users.changed', { userIds: [checked.id] });
    // Ranked by the database (no feed index), with decks: a first page of one card reads one row, the
    // next pages come from a refill of a whole deck, whose rows have their card columns read page by page.
    const events = new EventBus();
    const log = { warn: () => undefined, error: () => undefined };
    const { photos, cursors } = { photos: t.c.modules.photos.services.photos, cursors: t.c.cursors };
    const { services } = createFeedModule({ config: t.c.config, db: t.c.db, events, cacheable: () => true, log, metrics: t.c.metrics, photos, cursors, redis: undefined, indexEnabled: () => false });
    // Links are signed per request: compared without their signature.
    const unsigned = (cards: FeedCard[]) => cards.map((c) => ({ ...c, photoUrl: c.photoUrl.split('?')[0], photos: c.photos?.map((u) => u.split('?')[0]) }));
    try {
      const oneByOne: FeedCard[] = [];
      let cursor: string | undefined;
      for (let page = 0; page < 60; page++) {
        const { cards, next } = await services.feed.page(viewer.id, false, { limit: 1, ...(cursor ? { cursor } : {}) });
        oneByOne.push(...cards);
        if (!next) break;
        cursor = next;
      }
      // The same cards as the app's feed in one page (ranked in memory where the feed index runs).
      const whole = (await api('GET', '/api/feed?limit=50', viewer.token)).json<FeedCard[]>();
      expect(unsigned(oneByOne)).toEqual(unsigned(whole));
      const cardOf = (id: string) => oneByOne.find((c) => c.id === id);
      expect(cardOf(men[0]!.id)).toMatchObject({ about: 'Ich bin Jan.', interests: ['reisen', 'yoga', 'kino'], sharedInterests: 1, photoVerified: false, badges: ['Fotogen'] });
      expect(cardOf(men[1]!.id)).toMatchObject({ about: 'Ich bin Kurt.', interests: ['reisen', 'kochen', 'yoga'], sharedInterests: 2, photoVerified: false });
      expect(cardOf(checked.id)).toMatchObject({ about: 'Ich bin Lars.', photoVerified: true });
      for (const m of men) expect(cardOf(m.id)?.photos, m.name).toHaveLength(2);
    } finally {
      await events.close();
    }
  });
});
