import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, listen, register, type TestApp } from '../../../test/harness.js';
import { eventually } from '../../../test/cluster.js';
import { connectClient } from '../../../test/sockets.js';
import { silencingProxy } from '../../../test/redis-proxy.js';
import { EventBus } from './events.js';
import { createRedis } from '../redis/redis.js';

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
      await eventually(() => buses.every((b) => b.clustered));
      const resyncs = [0, 0];
      buses.forEach((b, i) => b.on('cluster.resync', () => (resyncs[i] = (resyncs[i] ?? 0) + 1)));
      const heard: string[] = [];
      buses[1].on('users.changed', ({ userIds: memberIds }) => heard.push(...memberIds));

      // The subscriptions' connections dropped by the server (the publishing ones stay).
      const clients = String(await redis.client('LIST'))
        .split('\n')
        .filter((line) => line.includes(` name=${prefix}events:sub `));
      expect(clients).toHaveLength(2);
      for (const line of clients) await redis.client('KILL', 'ID', /(?:^| )id=(\d+)/.exec(line)?.[1] ?? '');
      // ioredis reconnects after 50 ms at the earliest: polled every millisecond, the gap shows.
      await eventually(() => buses.every((b) => !b.clustered), { timeoutMs: 2000, everyMs: 1 });
      expect(resyncs).toEqual([0, 0]);

      await eventually(() => buses.every((b) => b.clustered));
      expect(resyncs).toEqual([1, 1]);
      buses[0].publish('users.changed', { userIds: ['after-the-gap'] });
      await eventually(() => heard.includes('after-the-gap'));
      expect(resyncs).toEqual([1, 1]);
    } finally {
      await Promise.all(buses.map((b) => b.close()));
      await redis.quit();
    }
  });

  it('closes a subscription that went silent (an unanswered PING), then resyncs once and hears the others again', async () => {
    const url = process.env.TEST_REDIS_URL ?? '';
    const prefix = `t${randomBytes(4).toString('hex')}:`;
    const proxy = await silencingProxy(url);
    const direct = new Redis(url);
    const proxied = new Redis(proxy.url);
    const [a, b] = [new EventBus(), new EventBus()];
    try {
      a.connect(direct, prefix);
      b.connect(proxied, prefix, { everyMs: 100, timeoutMs: 300 });
      await eventually(() => a.clustered && b.clustered);
      let resyncs = 0;
      b.on('cluster.resync', () => (resyncs += 1));
      const heard: string[] = [];
      b.on('users.changed', ({ userIds: memberIds }) => heard.push(...memberIds));

      proxy.silenceSubscribers();
      a.publish('users.changed', { userIds: ['while-silent'] });
      await eventually(() => !b.clustered, { timeoutMs: 5000, everyMs: 1 });
      await eventually(() => b.clustered);
      expect(resyncs).toBe(1);
      a.publish('users.changed', { userIds: ['after'] });
      await eventually(() => heard.includes('after'));
      // What was published into the silent connection never arrived: hence the resync.
      expect(heard).toEqual(['after']);
      expect(a.clustered).toBe(true);
    } finally {
      await Promise.all([a.close(), b.close()]);
      await Promise.all([direct.quit(), proxied.quit()]);
      await proxy.close();
    }
  });

  it('joins once Redis is reachable, however long its first SUBSCRIBE kept failing (no resync: nothing was heard before)', async () => {
    const url = process.env.TEST_REDIS_URL ?? '';
    const prefix = `t${randomBytes(4).toString('hex')}:`;
    const proxy = await silencingProxy(url);
    proxy.refuse(true);
    const errors: unknown[] = [];
    const direct = new Redis(url);
    // What its connections tell the log while refused is redis.test.ts's subject.
    const proxied = createRedis(proxy.url, { warn: () => undefined });
    const [a, b] = [new EventBus(), new EventBus((err) => errors.push(err))];
    try {
      a.connect(direct, prefix);
      b.connect(proxied, prefix);
      let resyncs = 0;
      b.on('cluster.resync', () => (resyncs += 1));
      // The first SUBSCRIBE gives up after its retries while Redis cannot be reached.
      await eventually(() => errors.length > 0);
      expect(b.clustered).toBe(false);
      proxy.refuse(false);
      await eventually(() => b.clustered);
      const heard: string[] = [];
      b.on('users.changed', ({ userIds: memberIds }) => heard.push(...memberIds));
      await eventually(() => a.clustered);
      a.publish('users.changed', { userIds: ['reachable'] });
      await eventually(() => heard.includes('reachable'));
      expect(resyncs).toBe(0);
    } finally {
      await Promise.all([a.close(), b.close()]);
      direct.disconnect();
      proxied.disconnect();
      await proxy.close();
    }
  });
});
