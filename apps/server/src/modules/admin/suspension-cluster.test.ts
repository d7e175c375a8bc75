import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clustered, eventually, startClusterNode } from '../../../test/cluster.js';
import { bearer, type TestApp } from '../../../test/harness.js';
import { insertMembers } from '../../../test/population.js';
import { createTestDb } from '../../../test/test-db.js';

// Issue 16 item 9 across processes: suspended on one node, gone on the other.
describe.runIf(clustered)('suspension across two processes (PostgreSQL + Redis)', () => {
  let one: TestApp;
  let two: TestApp;
  let dropDb: () => Promise<void>;

  beforeAll(async () => {
    const shared = await createTestDb();
    dropDb = shared.drop;
    const prefix = `s${randomBytes(4).toString('hex')}:`;
    one = await startClusterNode(shared, prefix);
    two = await startClusterNode(shared, prefix);
  }, 60_000);

  afterAll(async () => {
    await one?.close();
    await two?.close();
    await dropDb?.();
  });

  const get = (node: TestApp, url: string, token?: string) => node.app.inject({ method: 'GET', url, headers: token ? bearer(token) : {} });
  const feedIds = async (token: string) => (await get(two, '/api/feed', token)).json<{ id: string }[]>().map((c) => c.id);

  it('profile and share page are 404 on the other node at once; its cached sessions and feed decks follow the event', async () => {
    const seed = { birthDate: '1994-05-05', ageMin: 18, ageMax: 99, placeId: null, photo: 'approved' } as const;
    const [viewer = '', bodo = '', admin = ''] = await insertMembers(one.c.db, [
      { ...seed, gender: 'female', interestedIn: ['male'] },
      { ...seed, gender: 'male', interestedIn: ['female'], name: 'Bodo' },
      { ...seed, gender: 'female', interestedIn: ['male'] },
    ]);
    await one.c.db.query("UPDATE users SET role = 'admin' WHERE id = $1", [admin]);
    await one.c.db.query('UPDATE profiles SET share_enabled = true WHERE user_id = $1', [bodo]);
    const [viewerToken, bodoToken, adminToken] = await Promise.all([viewer, bodo, admin].map((id) => one.c.sessions.create(one.c.db, id)));

    // Everything lives on node two now: the viewer's deck, Bodo's cached session.
    expect(await feedIds(viewerToken!)).toContain(bodo);
    expect((await get(two, '/api/me', bodoToken)).statusCode).toBe(200);
    expect((await get(two, `/api/profile/${bodo}`, viewerToken)).statusCode).toBe(200);
    expect((await get(two, `/share/${bodo}`)).statusCode).toBe(200);

    const suspended = await one.app.inject({ method: 'POST', url: `/api/admin/users/${bodo}/suspend`, headers: bearer(adminToken!) });
    expect(suspended.statusCode).toBe(200);
    expect((await get(two, `/api/profile/${bodo}`, viewerToken)).statusCode).toBe(404);
    const share = await get(two, `/share/${bodo}`);
    expect(share.statusCode).toBe(404);
    expect(share.headers['cache-control']).toBe('no-store');
    await eventually(async () => (await get(two, '/api/me', bodoToken)).statusCode === 401);
    await eventually(async () => !(await feedIds(viewerToken!)).includes(bodo));
  });
});
