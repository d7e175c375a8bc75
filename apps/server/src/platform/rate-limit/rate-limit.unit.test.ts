import { describe, expect, it } from 'vitest';
import { backoffDelayMs, createMemoryRateLimiter, enforceLimit } from './rate-limit.js';
import { AppError } from '../http/errors.js';

describe('memory rate limiter', () => {
  it('counts within a window and starts over after it', async () => {
    let now = 1_000;
    const rl = createMemoryRateLimiter(() => now);
    expect((await rl.increment('k', 1000)).count).toBe(1);
    expect(await rl.increment('k', 1000)).toEqual({ count: 2, retryAfterMs: 1000 });
    now += 1000;
    expect((await rl.increment('k', 1000)).count).toBe(1);
    await rl.reset('k');
    expect((await rl.increment('k', 1000)).count).toBe(1);
  });

  it('gives a hit back while the window runs, never below zero, and not after it ended', async () => {
    let now = 0;
    const rl = createMemoryRateLimiter(() => now);
    await rl.increment('r', 1000);
    await rl.increment('r', 1000);
    await rl.release('r');
    expect((await rl.increment('r', 1000)).count).toBe(2);
    await rl.release('r');
    await rl.release('r');
    await rl.release('r');
    expect((await rl.increment('r', 1000)).count).toBe(1);
    now += 1000;
    await rl.release('r'); // the window ended: nothing to give back, no negative count left behind
    expect((await rl.increment('r', 1000)).count).toBe(1);
    await rl.release('never-counted');
    expect((await rl.increment('never-counted', 1000)).count).toBe(1);
  });

  it('admits attempts with a growing delay, refuses early ones without counting them, and forgets', async () => {
    let now = 0;
    const rl = createMemoryRateLimiter(() => now);
    const rule = { free: 2, baseMs: 1000, maxDelayMs: 4000, forgetMs: 60_000 };
    expect(await rl.admit('a', rule)).toBe(0);
    expect(await rl.admit('a', rule)).toBe(0);
    expect(await rl.admit('a', rule)).toBe(1000);
    now += 400;
    expect(await rl.admit('a', rule)).toBe(600);
    now += 600;
    expect(await rl.admit('a', rule)).toBe(0); // the 3rd: the next waits 2 s
    now += 1999;
    expect(await rl.admit('a', rule)).toBe(1);
    now += 1;
    expect(await rl.admit('a', rule)).toBe(0);
    now += 4000;
    expect(await rl.admit('a', rule)).toBe(0); // the 5th: capped at 4 s
    expect(await rl.admit('a', rule)).toBe(4000);
    now += 60_000;
    expect(await rl.admit('a', rule)).toBe(0); // forgotten: free again
    expect(await rl.admit('a', rule)).toBe(0);
    await rl.reset('a');
    expect(await rl.admit('a', rule)).toBe(0);
    expect(await rl.admit('a', rule)).toBe(0);
  });

  it('lets exactly `free` of many simultaneous attempts through', async () => {
    const rl = createMemoryRateLimiter(() => 0);
    const waits = await Promise.all(Array.from({ length: 50 }, () => rl.admit('b', { free: 5, baseMs: 1000, maxDelayMs: 900_000, forgetMs: 86_400_000 })));
    expect(waits.filter((w) => w === 0)).toHaveLength(5);
    expect(waits.filter((w) => w === 1000)).toHaveLength(45);
  });

  it('backoffDelayMs doubles from the free attempts on, up to the cap', () => {
    const rule = { free: 5, baseMs: 1000, maxDelayMs: 900_000, forgetMs: 1 };
    expect([1, 4, 5, 6, 7, 14, 15, 40].map((n) => backoffDelayMs(rule, n))).toEqual([0, 0, 1000, 2000, 4000, 512_000, 900_000, 900_000]);
  });

  it('enforceLimit throws a German 429 with Retry-After past the maximum', async () => {
    const rl = createMemoryRateLimiter(() => 0);
    await enforceLimit(rl, 'x', 2, 60_000);
    await enforceLimit(rl, 'x', 2, 60_000);
    const err = await enforceLimit(rl, 'x', 2, 60_000).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(AppError);
    expect((err as AppError).statusCode).toBe(429);
    expect((err as AppError).headers['retry-after']).toBe('60');
    expect((err as AppError).message).toMatch(/Zu viele Anfragen/);
  });
});
