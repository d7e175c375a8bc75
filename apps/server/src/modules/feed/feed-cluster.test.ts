import { randomBytes } from 'node:crypto';
import { berlinToday } from '@funkeln/contracts/profiles';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
});
