import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { eventually } from '../../../test/cluster.js';
import { silencingProxy } from '../../../test/redis-proxy.js';
import { createRedis, duplicateForPubSub, keepAlive, quitAll } from './redis.js';

describe.runIf(Boolean(process.env.TEST_REDIS_URL))('Redis connections (createRedis)', () => {
  it('tell the log once when they fail, however many reconnection attempts fail, and once when ready again; duplicates too', async () => {
    const proxy = await silencingProxy(process.env.TEST_REDIS_URL ?? '');
    proxy.refuse(true);
    const told: { redis: string; msg: string; failures?: number }[] = [];
    const redis = createRedis(proxy.url, { warn: (obj, msg) => told.push({ ...(obj as { redis: string; failures?: number }), msg }) });
    const sub = duplicateForPubSub(redis, 'test:sub');
    let attempts = 0;
    redis.on('reconnecting', () => (attempts += 1));
    try {
      await eventually(() => attempts >= 4);
      const failed = (name: string) => told.filter((t) => t.redis === name && t.msg === 'Redis connection failed; reconnecting');
      expect(failed('commands')).toHaveLength(1);
      expect(failed('test:sub')).toHaveLength(1);
      proxy.refuse(false);
      await eventually(() => redis.status === 'ready' && sub.status === 'ready');
      expect(await redis.ping()).toBe('PONG');
      const back = told.filter((t) => t.msg === 'Redis connection ready again');
      expect(back.map((t) => t.redis).sort()).toEqual(['commands', 'test:sub']);
      expect(back.find((t) => t.redis === 'commands')?.failures).toBeGreaterThan(1);
      expect(told).toHaveLength(4);
    } finally {
      redis.disconnect();
      sub.disconnect();
      await proxy.close();
    }
  });
});

describe.runIf(Boolean(process.env.TEST_REDIS_URL))('a subscriber kept alive (keepAlive)', () => {
  it('is closed when its connection goes silent, subscribes again, and hears what is published next', async () => {
    const url = process.env.TEST_REDIS_URL ?? '';
    const proxy = await silencingProxy(url);
    // The subscriber is duplicated from a connection through the proxy, so it goes through it too.
    const redis = createRedis(proxy.url, { warn: () => undefined });
    const sub = duplicateForPubSub(redis, 'test:keepalive');
    const publisher = createRedis(url, { warn: () => undefined });
    const channel = `t${randomBytes(4).toString('hex')}:keepalive`;
    const heard: string[] = [];
    let closes = 0;
    sub.on('close', () => (closes += 1));
    sub.on('message', (_channel: string, message: string) => heard.push(message));
    const stop = keepAlive(sub, { everyMs: 50, timeoutMs: 200 });
    try {
      await sub.subscribe(channel);
      await publisher.publish(channel, 'before');
      await eventually(() => heard.includes('before'));
      proxy.silenceSubscribers();
      await publisher.publish(channel, 'into the silence');
      await eventually(() => closes > 0);
      // ioredis reconnects (a new connection through the proxy passes) and subscribes again on its own.
      await eventually(() => sub.status === 'ready');
      await eventually(async () => {
        await publisher.publish(channel, 'after');
        return heard.includes('after');
      });
      expect(heard).not.toContain('into the silence');
    } finally {
      stop();
      await quitAll([redis, sub, publisher], 1_000);
      await proxy.close();
    }
  });
});
