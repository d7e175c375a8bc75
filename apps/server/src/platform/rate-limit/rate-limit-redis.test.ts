import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRedisRateLimiter, type RateLimiter } from './rate-limit.js';

describe.runIf(Boolean(process.env.TEST_REDIS_URL))('Redis rate limiter', () => {
  let redis: Redis;
  let rl: RateLimiter;
  const prefix = `t${randomBytes(4).toString('hex')}:rl:`;

  beforeAll(() => {
    redis = new Redis(process.env.TEST_REDIS_URL ?? '');
    rl = createRedisRateLimiter(redis, prefix);
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
    await new Promise((r) => setTimeout(r, 250));
    expect((await rl.increment('short', 150)).count).toBe(1);
    await rl.reset('short');
    expect((await rl.increment('short', 150)).count).toBe(1);
  });

  it('gives hits back while the window runs, atomically, never below zero and keeping its expiry', async () => {
    await Promise.all(Array.from({ length: 10 }, () => rl.increment('give-back', 60_000)));
    await Promise.all(Array.from({ length: 15 }, () => rl.release('give-back')));
    expect(await redis.get(`${prefix}give-back`)).toBe('0');
    expect(await redis.pttl(`${prefix}give-back`)).toBeGreaterThan(0);
    expect((await rl.increment('give-back', 60_000)).count).toBe(1);
    await rl.release('not-counted');
    expect(await redis.exists(`${prefix}not-counted`)).toBe(0); // no key without an expiry left behind
  });

  it('admits exactly `free` of many simultaneous attempts, then one per growing delay, and forgets', async () => {
    const rule = { free: 5, baseMs: 60_000, maxDelayMs: 900_000, forgetMs: 86_400_000 };
    const waits = await Promise.all(Array.from({ length: 50 }, () => rl.admit('login', rule)));
    expect(waits.filter((w) => w === 0)).toHaveLength(5);
    expect(waits.filter((w) => w > 0 && w <= 60_000)).toHaveLength(45);
    // The delay has run out: one more passes, and the next waits twice as long.
    await redis.hset(`${prefix}login`, 'next', 0);
    expect(await rl.admit('login', rule)).toBe(0);
    expect(await rl.admit('login', rule)).toBeGreaterThan(60_000);
    await rl.reset('login');
    expect(await rl.admit('login', rule)).toBe(0);

    const brief = { free: 1, baseMs: 1000, maxDelayMs: 1000, forgetMs: 150 };
    expect(await rl.admit('brief', brief)).toBe(0);
    await new Promise((r) => setTimeout(r, 250));
    expect(await rl.admit('brief', brief)).toBe(0); // forgotten, so no delay owed
  });
});
