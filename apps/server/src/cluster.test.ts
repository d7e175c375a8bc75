import { randomBytes, randomUUID } from 'node:crypto';
import type { LeaderboardEvent } from '@funkeln/contracts/leaderboard';
import type { MatchEvent } from '@funkeln/contracts/swipes';
import type { MessageEvent } from '@funkeln/contracts/messages';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from './db/client.js';
import { insertMembers } from '../test/population.js';
import { call, nextEvent, sessionFor } from '../test/remote.js';
import { startServerProcess } from '../test/server-process.js';
import { startSmtpServer, type TestSmtp } from '../test/smtp.js';
import { connectClient } from '../test/sockets.js';
import { createTestDb } from '../test/test-db.js';

// Several processes only make sense on PostgreSQL + Redis; the CI pass sets both.
const clustered = process.env.TEST_DB === 'postgres' && Boolean(process.env.TEST_REDIS_URL);
type Server = Awaited<ReturnType<typeof startServerProcess>>;

describe.runIf(clustered)('two server processes on one PostgreSQL and one Redis behave as one', () => {
  let one: Server;
  let two: Server;
  let db: Db;
  let dropDb: () => Promise<void>;
  let smtp: TestSmtp;

  beforeAll(async () => {
    smtp = await startSmtpServer();
    const test = await createTestDb();
    ({ db } = test);
    dropDb = test.drop;
    const env = {
      DATABASE_URL: test.url ?? '',
      REDIS_URL: process.env.TEST_REDIS_URL ?? '',
      REDIS_PREFIX: `c${randomBytes(4).toString('hex')}:`,
      SMTP_URL: smtp.url,
      JOB_POLL_MS: '100',
    };
    [one, two] = await Promise.all([startServerProcess(env), startServerProcess(env)]);
  }, 90_000);

  afterAll(async () => {
    await Promise.all([one, two].filter(Boolean).map((s) => s.stop()));
    await dropDb?.();
    await smtp?.close();
  });

  const members = async (n: number, gender: 'female' | 'male', photo: 'approved' | 'none' = 'none') => {
    const ids = await insertMembers(
      db,
      Array.from({ length: n }, (_, i) => ({
        gender,
        interestedIn: ['female' as const, 'male' as const],
        birthDate: '1994-05-05',
        ageMin: 18,
        ageMax: 99,
        placeId: null,
        photo,
        name: `Mitglied ${i}`,
      })),
    );
    return Promise.all(ids.map(async (id) => ({ id, token: await sessionFor(db, id) })));
  };

  it('a message sent through one process reaches the recipient socket on the other', async () => {
    const [anna, bea] = await members(2, 'female');
    const socket = connectClient(one.base, anna!.token);
    await socket.connected();
    const heard = nextEvent<MessageEvent>(socket.socket, 'message', (e) => e.message.senderId === bea!.id);
    const sent = await call(two.base, 'POST', `/api/messages/${anna!.id}`, { token: bea!.token, body: { body: 'Hallo aus Prozess zwei' } });
    expect(sent.status).toBe(200);
    expect((await heard).message.body).toBe('Hallo aus Prozess zwei');
    socket.close();
  });

  it('a match made across processes is announced to the socket on the other process', async () => {
    const [carla] = await members(1, 'female', 'approved');
    const [dirk] = await members(1, 'male', 'approved');
    const socket = connectClient(one.base, carla!.token);
    await socket.connected();
    const matched = nextEvent<MatchEvent>(socket.socket, 'match');
    expect((await call(one.base, 'POST', `/api/likes/${dirk!.id}`, { token: carla!.token })).status).toBe(200);
    const back = await call<{ matched?: boolean }>(two.base, 'POST', `/api/likes/${carla!.id}`, { token: dirk!.token });
    expect(back.status).toBe(200);
    expect((await matched).match.userId).toBe(dirk!.id);
    socket.close();
  });

  it('a vote on one process updates the live Top10 on pages following it on the other', async () => {
    const [contestant] = await members(1, 'female', 'approved');
    const [voter] = await members(1, 'male');
    await db.query(`INSERT INTO photo_entries (user_id, category) VALUES ($1, 'face')`, [contestant!.id]);
    const [photo] = await db.query<{ id: string }>('SELECT id FROM photos WHERE user_id = $1', [contestant!.id]);
    const watcher = connectClient(one.base, voter!.token);
    await watcher.connected();
    watcher.socket.emit('leaderboard:watch', 'face');
    await new Promise((r) => setTimeout(r, 200)); // the room join is fire-and-forget
    const update = nextEvent<LeaderboardEvent>(watcher.socket, 'leaderboard', (e) => e.category === 'face');
    expect((await call(two.base, 'POST', '/api/votes', { token: voter!.token, body: { photoId: photo!.id, category: 'face' } })).status).toBe(200);
    const event = await update;
    expect(event.entries.find((e) => e.photo_id === photo!.id)?.score).toBe(1);
    watcher.close();
  });

  it('presence counts distinct members over both processes (one member on both counts once)', async () => {
    const [eva, finn] = await members(2, 'female');
    const watchOne = connectClient(one.base);
    const watchTwo = connectClient(two.base);
    await Promise.all([watchOne.connected(), watchTwo.connected()]);
    await watchOne.seesOnline(0); // anonymous watchers count for nobody
    await watchTwo.seesOnline(0);
    const evaOne = connectClient(one.base, eva!.token);
    const evaTwo = connectClient(two.base, eva!.token);
    const finnTwo = connectClient(two.base, finn!.token);
    await Promise.all([evaOne.connected(), evaTwo.connected(), finnTwo.connected()]);
    await watchOne.seesOnline(2);
    await watchTwo.seesOnline(2);
    finnTwo.close();
    await watchOne.seesOnline(1);
    await watchTwo.seesOnline(1);
    evaOne.close();
    evaTwo.close();
    await watchOne.seesOnline(0);
    await watchTwo.seesOnline(0);
    watchOne.close();
    watchTwo.close();
  });

  it('rate limits count over both processes: login attempts on one account', async () => {
    const email = `limit.${randomBytes(3).toString('hex')}@example.org`;
    expect((await call(one.base, 'POST', '/api/auth/register', { body: { email, password: 'Richtig-Kiwi-Wolke-7', displayName: 'Limit' } })).status).toBe(200);
    // Twelve guesses at once, six on each process: five passwords are checked in all, and both
    // processes make the others wait.
    const tries = await Promise.all(
      Array.from({ length: 12 }, async (_, i) => {
        const res = await call(i % 2 === 0 ? one.base : two.base, 'POST', '/api/auth/login', { body: { email, password: 'falsch123' } });
        return { process: i % 2, status: res.status };
      }),
    );
    expect(tries.filter((a) => a.status === 401)).toHaveLength(5);
    expect(new Set(tries.filter((a) => a.status === 429).map((a) => a.process))).toEqual(new Set([0, 1]));
  });

  it('an admin setting changed on one process applies on the other at once', async () => {
    const [admin] = await members(1, 'female');
    await db.query(`UPDATE users SET role = 'admin' WHERE id = $1`, [admin!.id]);
    const email = `unverified.${randomBytes(3).toString('hex')}@example.org`;
    await call(two.base, 'POST', '/api/auth/register', { body: { email, password: 'Kiwi-Wolke-Geheim-42', displayName: 'Neu' } });
    expect((await call(two.base, 'POST', '/api/auth/login', { body: { email, password: 'Kiwi-Wolke-Geheim-42' } })).status).toBe(200);
    const put = await call(one.base, 'PUT', '/api/admin/settings', { token: admin!.token, body: { EMAIL_VERIFICATION_REQUIRED: 'true' } });
    expect(put.status).toBe(200);
    expect((await call(two.base, 'POST', '/api/auth/login', { body: { email, password: 'Kiwi-Wolke-Geheim-42' } })).status).toBe(403);
    await call(one.base, 'PUT', '/api/admin/settings', { token: admin!.token, body: { EMAIL_VERIFICATION_REQUIRED: 'false' } });
  });

  it('a logout on one process revokes the session on the other at once, socket included', async () => {
    const [gina] = await members(1, 'female');
    // Process two has the session in its cache now.
    expect((await call(two.base, 'GET', '/api/me', { token: gina!.token })).status).toBe(200);
    const socket = connectClient(two.base, gina!.token);
    await socket.connected();
    const dropped = new Promise<string>((resolve) => socket.socket.once('disconnect', (reason) => resolve(reason)));
    expect((await call(one.base, 'POST', '/api/auth/logout', { token: gina!.token })).status).toBe(200);
    expect(await dropped).toBe('io server disconnect');
    expect((await call(two.base, 'GET', '/api/me', { token: gina!.token })).status).toBe(401);
    socket.close();
  });

  it('jobs run once however many processes poll: each due run once, each mail sent once', async () => {
    const addresses = Array.from({ length: 8 }, (_, i) => `post.${i}.${randomBytes(3).toString('hex')}@example.org`);
    await Promise.all(
      addresses.map((email, i) =>
        call(i % 2 === 0 ? one.base : two.base, 'POST', '/api/auth/register', { body: { email, password: 'Kiwi-Wolke-Geheim-42', displayName: 'Post' } }),
      ),
    );
    const jobs = ['escrow-expiry', 'leaderboard-freeze', 'token-cleanup'];
    const counts = async () =>
      new Map((await db.query<{ name: string; run_count: number }>('SELECT name, run_count FROM job_runs')).map((r) => [r.name, Number(r.run_count)]));
    const before = await counts();
    for (let round = 1; round <= 3; round++) {
      await db.query('UPDATE job_runs SET next_run_at = now() WHERE name = ANY($1)', [jobs]);
      const expected = (name: string) => (before.get(name) ?? 0) + round;
      // Both processes poll every 100 ms: wait for the runs, then long enough for a second one to show.
      const until = Date.now() + 10_000;
      while (Date.now() < until) {
        const now = await counts();
        if (jobs.every((name) => (now.get(name) ?? 0) >= expected(name))) break;
        await new Promise((r) => setTimeout(r, 50));
      }
      await new Promise((r) => setTimeout(r, 500));
      const after = await counts();
      for (const name of jobs) expect(after.get(name), name).toBe(expected(name));
    }
    const until = Date.now() + 15_000;
    while (addresses.some((a) => smtp.mailsTo(a).length === 0) && Date.now() < until) await new Promise((r) => setTimeout(r, 100));
    await new Promise((r) => setTimeout(r, 500)); // a duplicate would arrive now
    for (const a of addresses) expect(smtp.mailsTo(a), a).toHaveLength(1);
  });
});

describe.runIf(clustered)('npm run start:cluster', () => {
  it('runs two workers on one port that share state, refuses long-polling and stops cleanly', async () => {
    const { db, url, drop } = await createTestDb();
    const cluster = await startServerProcess(
      { DATABASE_URL: url ?? '', REDIS_URL: process.env.TEST_REDIS_URL ?? '', REDIS_PREFIX: `k${randomBytes(4).toString('hex')}:`, WORKERS: '2' },
      undefined,
      'src/cluster.ts',
    );
    try {
      const ids = await insertMembers(db, [0, 1].map(() => ({ gender: 'female' as const, interestedIn: ['male' as const], birthDate: '1990-01-01', ageMin: 18, ageMax: 99, placeId: null, photo: 'none' as const })));
      const [a, b] = await Promise.all(ids.map((id) => sessionFor(db, id)));
      // Sockets land on either worker; every one hears a message sent through any worker.
      const sockets = Array.from({ length: 4 }, () => connectClient(cluster.base, a));
      await Promise.all(sockets.map((s) => s.connected()));
      const heard = sockets.map((s) => nextEvent<MessageEvent>(s.socket, 'message'));
      for (let i = 0; i < 3; i++) {
        const sent = await call(cluster.base, 'POST', `/api/messages/${ids[0]}`, { token: b!, body: { body: `Nachricht ${i}`, clientId: randomUUID() } });
        expect(sent.status).toBe(200);
      }
      await Promise.all(heard);
      // Any worker's /metrics answers for the whole cluster: the four sockets sit on both workers.
      const metrics = await (await fetch(`${cluster.base}/metrics`)).text();
      expect(metrics).toMatch(/^funkeln_socket_connections_total 4$/m);
      for (const s of sockets) s.close();

      const polling = await fetch(`${cluster.base}/ws/?EIO=4&transport=polling`);
      expect(polling.status).toBe(400);
      expect((await call(cluster.base, 'GET', '/readyz')).status).toBe(200);
      expect(await cluster.stop()).toBe(0);
    } finally {
      if (cluster.child.exitCode === null) cluster.child.kill('SIGKILL');
      await drop();
    }
  }, 90_000);

  it('refuses to start without PostgreSQL and Redis', async () => {
    const err = await startServerProcess({ WORKERS: '2' }, undefined, 'src/cluster.ts').catch((e: Error) => e);
    expect(String(err)).toMatch(/start:cluster needs DATABASE_URL and REDIS_URL/);
  });
});
