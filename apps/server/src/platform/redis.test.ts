import { describe, expect, it } from 'vitest';
import { eventually } from '../../test/cluster.js';
import { silencingProxy } from '../../test/redis-proxy.js';
import { createRedis, duplicateForPubSub } from './redis.js';

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
