import { randomBytes } from 'node:crypto';
import { berlinToday } from '@funkeln/contracts/profiles';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ClusterEvents } from '../../platform/events/events.js';
import { bearer, type TestApp } from '../../../test/harness.js';
import { clustered, eventually, startClusterNode as startNode } from '../../../test/cluster.js';
import { insertMembers, type SeedMember } from '../../../test/population.js';
import { createTestDb } from '../../../test/test-db.js';

type Node = TestApp;

describe.runIf(clustered)('caches stay exact across two processes (PostgreSQL + Redis)', () => {
  let one: Node;
  let two: Node;
  let dropDb: () => Promise<void>;
  const today = berlinToday();
  const born = `${Number(today.slice(0, 4)) - 30}-01-15`;
  const seed = (gender: 'female' | 'male', interestedIn: ('female' | 'male')[]): SeedMember => ({
    gender,
    interestedIn,
    birthDate: born,
    ageMin: 18,
    ageMax: 99,
    placeId: null,
    photo: 'approved',
  });

  beforeAll(async () => {
    const shared = await createTestDb();
    dropDb = shared.drop;
    const prefix = `x${randomBytes(4).toString('hex')}:`;
    one = await startNode(shared, prefix);
    two = await startNode(shared, prefix);
  }, 60_000);

  afterAll(async () => {
    await one?.close();
    await two?.close();
    await dropDb?.();
  });

  async function feedIds(node: Node, token: string): Promise<string[]> {
    const res = await node.app.inject({ method: 'GET', url: '/api/feed', headers: bearer(token) });
    expect(res.statusCode).toBe(200);
    return res.json<{ id: string }[]>().map((c) => c.id);
  }

  /** This node's feed rankings read from the database, and decks it took from the other node. */
  async function reads(node: Node) {
    const [rankings, decks] = await Promise.all([node.c.metrics.feedRankings.get(), node.c.metrics.feedDeckReads.get()]);
    const sum = (values: { labels: Record<string, unknown>; value: number }[], label: string, key: string) =>
      values.filter((v) => v.labels[label] === key).reduce((n, v) => n + v.value, 0);
    return { ranked: sum(rankings.values, 'source', 'database'), taken: sum(decks.values, 'reason', 'shared') };
  }

  /** Resolves once `node` has heard the event (from the other node, over Redis). */
  function heard<K extends keyof ClusterEvents>(node: Node, name: K, about: (payload: ClusterEvents[K]) => boolean): Promise<void> {
    return new Promise((resolve) => {
      const off = node.c.events.on(name, (payload) => {
        if (!about(payload)) return;
        off();
        resolve();
      });
    });
  }

  async function members() {
    const [viewer = '', a = '', b = ''] = await insertMembers(one.c.db, [seed('female', ['male']), seed('male', ['female']), seed('male', ['female'])]);
    const token = await one.c.sessions.create(one.c.db, viewer);
    const tokenA = await one.c.sessions.create(one.c.db, a);
    return { viewer, a, b, token, tokenA };
  }

  it('a session ended on one process is refused on the other at once', async () => {
    const { token } = await members();
    const me = () => two.app.inject({ method: 'GET', url: '/api/me', headers: bearer(token) });
    expect((await me()).statusCode).toBe(200); // now cached on two
    expect((await one.app.inject({ method: 'POST', url: '/api/auth/logout', headers: bearer(token) })).statusCode).toBe(200);
    await eventually(async () => (await me()).statusCode === 401);
  });

  it('a block on one process hides both members on the other, both ways', async () => {
    const { viewer, a, b, token, tokenA } = await members();
    expect(await feedIds(two, token)).toEqual(expect.arrayContaining([a, b])); // the viewer's deck now lives on two
    const res = await one.app.inject({ method: 'POST', url: `/api/blocks/${viewer}`, headers: bearer(tokenA) });
    expect(res.statusCode).toBe(200);
    await eventually(async () => !(await feedIds(two, token)).includes(a));
    expect(await feedIds(two, token)).toContain(b);
    expect(await feedIds(two, tokenA)).not.toContain(viewer);
  });

  it('a swipe on one process leaves the feed on the other', async () => {
    const { a, b, token } = await members();
    expect(await feedIds(two, token)).toEqual(expect.arrayContaining([a, b]));
    expect((await one.app.inject({ method: 'POST', url: `/api/likes/${b}?type=skip`, headers: bearer(token) })).statusCode).toBe(200);
    await eventually(async () => !(await feedIds(two, token)).includes(b));
    expect(await feedIds(two, token)).toContain(a);
  });

  it('a feed cursor sealed by one process opens on the other (one key for all)', async () => {
    const { token } = await members();
    const first = await one.app.inject({ method: 'GET', url: '/api/feed?limit=1', headers: bearer(token) });
    const cursor = String(first.headers['x-next-cursor'] ?? '');
    const next = await two.app.inject({ method: 'GET', url: `/api/feed?limit=1&cursor=${cursor}`, headers: bearer(token) });
    expect(next.statusCode).toBe(200);
    const ids = (res: { json: <T>() => T }) => res.json<{ id: string }[]>().map((c) => c.id);
    expect([...ids(first), ...ids(next)]).toEqual((await feedIds(one, token)).slice(0, 2));
  });

  it('a member who stops looking for the viewer leaves the viewer’s feed on the other process', async () => {
    const { a, token, tokenA } = await members();
    expect(await feedIds(two, token)).toContain(a);
    const res = await one.app.inject({ method: 'PUT', url: '/api/me/profile', headers: bearer(tokenA), payload: { interestedIn: ['male'] } });
    expect(res.statusCode).toBe(200);
    await eventually(async () => !(await feedIds(two, token)).includes(a));
  });

  describe('one deck per viewer for both processes', () => {
    it('the process that did not rank the feed takes the other’s deck: same cards, no ranking', async () => {
      const { a, b, token } = await members();
      const first = await feedIds(one, token);
      expect(first).toEqual(expect.arrayContaining([a, b]));
      const before = await reads(two);
      expect(await feedIds(two, token)).toEqual(first);
      const after = await reads(two);
      expect(after.ranked).toBe(before.ranked);
      expect(after.taken).toBe(before.taken + 1);
    });

    it('first pages asked on both processes at the same moment rank the feed once', async () => {
      const { a, b, token } = await members();
      const [r1, r2] = await Promise.all([reads(one), reads(two)]);
      const [p1, p2] = await Promise.all([feedIds(one, token), feedIds(two, token)]);
      expect(p1).toEqual(expect.arrayContaining([a, b]));
      expect(p2).toEqual(p1);
      const [s1, s2] = await Promise.all([reads(one), reads(two)]);
      expect(s1.ranked - r1.ranked + (s2.ranked - r2.ranked)).toBe(1);
    });

    it('a deck taken from the other process leaves out a member swiped after it was read', async () => {
      const { a, b, token } = await members();
      expect(await feedIds(one, token)).toEqual(expect.arrayContaining([a, b]));
      const swiped = heard(two, 'feed.hidden', ({ pairs }) => pairs.some(([, m]) => m === b));
      expect((await one.app.inject({ method: 'POST', url: `/api/likes/${b}?type=skip`, headers: bearer(token) })).statusCode).toBe(200);
      await swiped;
      const before = await reads(two);
      const ids = await feedIds(two, token);
      expect(ids).toContain(a);
      expect(ids).not.toContain(b);
      expect((await reads(two)).taken).toBe(before.taken + 1);
    });

    it('a deck taken from the other process leaves out a member who changed after it was read', async () => {
      const { a, b, token, tokenA } = await members();
      expect(await feedIds(one, token)).toEqual(expect.arrayContaining([a, b]));
      const changed = heard(two, 'users.changed', ({ userIds: memberIds }) => memberIds.includes(a));
      const res = await one.app.inject({ method: 'PUT', url: '/api/me/profile', headers: bearer(tokenA), payload: { interestedIn: ['male'] } });
      expect(res.statusCode).toBe(200);
      await changed;
      const ids = await feedIds(two, token);
      expect(ids).toContain(b);
      expect(ids).not.toContain(a);
    });

    it('a deck read before the viewer’s feed went stale (an undo) is not taken: the other process ranks again', async () => {
      const { viewer, a, b, token } = await members();
      expect(await feedIds(one, token)).toEqual(expect.arrayContaining([a, b]));
      expect((await one.app.inject({ method: 'POST', url: `/api/likes/${b}?type=skip`, headers: bearer(token) })).statusCode).toBe(200);
      const stale = heard(two, 'feed.stale', ({ userIds: memberIds }) => memberIds.includes(viewer));
      expect((await one.app.inject({ method: 'POST', url: '/api/likes/undo', headers: bearer(token) })).statusCode).toBe(200);
      await stale;
      const before = await reads(two);
      expect(await feedIds(two, token)).toEqual(expect.arrayContaining([a, b]));
      expect((await reads(two)).ranked).toBe(before.ranked + 1);
    });
  });
});
