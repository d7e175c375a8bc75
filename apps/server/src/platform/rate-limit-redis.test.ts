import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRedisRateLimiter, type RateLimiter } from './rate-limit.js';

describe.runIf(Boolean(process.env.TEST_REDIS_URL))('Redis rate limiter', () => {
  let redis: Redis;
  let rl: RateLimiter;

  beforeAll(() => {
    redis = new Redis(process.env.TEST_REDIS_URL ?? '');
    rl = createRedisRateLimiter(redis, `t${randomBytes(4).toString('hex')}:rl:`);
  });
  afterAll(async () => {
    await redis.quit();
  });

  it('counts within a window, atomically under concurrency, and starts over after it', async () => {
    const counts = await Promise.all(Array.from({ length: 50 }, () => rl.increment('burst', 60_000)));
    expect(counts.map((c) => c.count).sort((a, b) => a - b)).toEqual(Array.from({ length: 50 }, (_, i) => i + 1));
    expect(counts.every((c) => c.retryAfterMs > 0 && c.retryAfterMs <= 60_000)).toBe(true);

    expect((await rl.increment('short', 150)).count).toBe(1);
    expect((await rl.increment('short', 150)).count).toBe(2);
    expect((await rl.get('short')).count).toBe(2);
    await new Promise((r) => setTimeout(r, 250));
    expect((await rl.get('short')).count).toBe(0);
    expect((await rl.increment('short', 150)).count).toBe(1);
    await rl.reset('short');
    expect((await rl.get('short')).count).toBe(0);
  });
});
