import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, listen, register, type TestApp } from '../../test/harness.js';
import { connectClient } from '../../test/sockets.js';
import { EventBus } from './events.js';

async function until(done: () => boolean, what: string, timeoutMs = 10_000, everyMs = 20): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!done()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, everyMs));
  }
}

describe('after missed cluster events (cluster.resync)', () => {
  let t: TestApp;
  let base: string;

  beforeAll(async () => {
    t = await createTestApp();
    base = await listen(t.app);
  });
  afterAll(() => t.close());

  it('closes the sockets of sessions revoked meanwhile, keeps the others, and no longer admits the revoked session', async () => {
    const revoked = await register(t.app);
    const kept = await register(t.app);
    const gone = connectClient(base, revoked.token);
    const stays = connectClient(base, kept.token);
    await Promise.all([gone.connected(), stays.connected()]);
    const me = await t.app.inject({ method: 'GET', url: '/api/me', headers: bearer(revoked.token) });
    expect(me.statusCode).toBe(200);
    // Revoked by another process whose announcement this process never heard.
    const revokedRows = await t.c.db.query('UPDATE sessions SET revoked_at = now() WHERE user_id = $1 RETURNING id', [me.json<{ id: string }>().id]);
    expect(revokedRows).toHaveLength(1);
    const disconnected = new Promise<void>((resolve) => gone.socket.once('disconnect', () => resolve()));

    t.c.events.emit('cluster.resync', {});

    await disconnected;
    expect((await t.app.inject({ method: 'GET', url: '/api/me', headers: bearer(revoked.token) })).statusCode).toBe(401);
    await new Promise((r) => setTimeout(r, 100));
    expect(stays.socket.connected).toBe(true);
    expect((await t.app.inject({ method: 'GET', url: '/api/me', headers: bearer(kept.token) })).statusCode).toBe(200);
    stays.close();
  });
});

describe.runIf(Boolean(process.env.TEST_REDIS_URL))('cluster events across a dropped subscription (Redis)', () => {
  it('is not clustered from the drop until subscribed again, then resyncs once and hears the others again', async () => {
    const url = process.env.TEST_REDIS_URL ?? '';
    const prefix = `t${randomBytes(4).toString('hex')}:`;
    const redis = new Redis(url);
    const buses = [new EventBus(), new EventBus()] as const;
    try {
      for (const bus of buses) bus.connect(redis, prefix);
      await until(() => buses.every((b) => b.clustered), 'both subscribed');
      const resyncs = [0, 0];
      buses.forEach((b, i) => b.on('cluster.resync', () => (resyncs[i] = (resyncs[i] ?? 0) + 1)));
      const heard: string[] = [];
      buses[1].on('users.changed', ({ userIds }) => heard.push(...userIds));

      // The subscriptions' connections dropped by the server (the publishing ones stay).
      const clients = String(await redis.client('LIST'))
        .split('\n')
        .filter((line) => line.includes(` name=${prefix}events:sub `));
      expect(clients).toHaveLength(2);
      for (const line of clients) await redis.client('KILL', 'ID', /(?:^| )id=(\d+)/.exec(line)?.[1] ?? '');
      // ioredis reconnects after 50 ms at the earliest: polled every millisecond, the gap shows.
      await until(() => buses.every((b) => !b.clustered), 'the drop noticed', 2000, 1);
      expect(resyncs).toEqual([0, 0]);

      await until(() => buses.every((b) => b.clustered), 'subscribed again');
      expect(resyncs).toEqual([1, 1]);
      buses[0].publish('users.changed', { userIds: ['after-the-gap'] });
      await until(() => heard.includes('after-the-gap'), 'an event after the gap');
      expect(resyncs).toEqual([1, 1]);
    } finally {
      await Promise.all(buses.map((b) => b.close()));
      await redis.quit();
    }
  });
});
