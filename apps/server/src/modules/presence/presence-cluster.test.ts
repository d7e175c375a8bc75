import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { createTestDb } from '../../../test/test-db.js';
import { startServerProcess } from '../../../test/server-process.js';
import { connectClient } from '../../../test/sockets.js';

// Several processes only make sense on PostgreSQL + Redis; the CI pass sets both.
const clustered = process.env.TEST_DB === 'postgres' && Boolean(process.env.TEST_REDIS_URL);

describe.runIf(clustered)('presence across two server processes sharing Redis', () => {
  let servers: Awaited<ReturnType<typeof startServerProcess>>[] = [];
  let dropDb: () => Promise<void>;

  beforeAll(async () => {
    const { url, drop } = await createTestDb();
    dropDb = drop;
    const env = { DATABASE_URL: url ?? '', REDIS_URL: process.env.TEST_REDIS_URL ?? '', REDIS_PREFIX: `c${randomBytes(4).toString('hex')}:` };
    servers = await Promise.all([startServerProcess(env), startServerProcess(env)]);
  }, 60_000);

  afterAll(async () => {
    await Promise.all(servers.map((s) => s.stop()));
    await dropDb?.();
  });

  async function registerOn(base: string) {
    const email = `cluster.${randomBytes(4).toString('hex')}@example.org`;
    const res = await fetch(`${base}/api/auth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password: 'geheim123', displayName: 'Cluster' }),
    });
    return ((await res.json()) as { token: string }).token;
  }

  it('both processes report the same count of distinct members', async () => {
    const [one, two] = servers as [(typeof servers)[0], (typeof servers)[0]];
    const watchOne = connectClient(one.base);
    const watchTwo = connectClient(two.base);
    await Promise.all([watchOne.connected(), watchTwo.connected()]);
    await watchOne.seesOnline(0);
    await watchTwo.seesOnline(0);

    const anna = await registerOn(one.base);
    const ben = await registerOn(two.base);
    const annaOnOne = connectClient(one.base, anna);
    const annaOnTwo = connectClient(two.base, anna); // same member on both processes counts once
    const benOnTwo = connectClient(two.base, ben);
    await Promise.all([annaOnOne.connected(), annaOnTwo.connected(), benOnTwo.connected()]);
    await watchOne.seesOnline(2);
    await watchTwo.seesOnline(2);

    benOnTwo.close();
    await watchOne.seesOnline(1);
    await watchTwo.seesOnline(1);

    annaOnOne.close();
    annaOnTwo.close();
    await watchOne.seesOnline(0);
    await watchTwo.seesOnline(0);
    watchOne.close();
    watchTwo.close();
  });

  it('a logout on one process disconnects the session on the other', async () => {
    const [one, two] = servers as [(typeof servers)[0], (typeof servers)[0]];
    const token = await registerOn(one.base);
    const socket = connectClient(two.base, token);
    await socket.connected();
    const dropped = new Promise<void>((resolve) => socket.socket.once('disconnect', () => resolve()));
    await fetch(`${one.base}/api/auth/logout`, { method: 'POST', headers: { authorization: `Bearer ${token}` } });
    await dropped;
    socket.close();
  });
});
