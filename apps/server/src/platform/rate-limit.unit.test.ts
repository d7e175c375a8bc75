import { describe, expect, it } from 'vitest';
import { createMemoryRateLimiter, enforceLimit } from './rate-limit.js';
import { AppError } from './errors.js';

describe('memory rate limiter', () => {
  it('counts within a window and starts over after it', async () => {
    let now = 1_000;
    const rl = createMemoryRateLimiter(() => now);
    expect((await rl.increment('k', 1000)).count).toBe(1);
    expect((await rl.increment('k', 1000)).count).toBe(2);
    expect((await rl.get('k')).retryAfterMs).toBe(1000);
    now += 1000;
    expect((await rl.get('k')).count).toBe(0);
    expect((await rl.increment('k', 1000)).count).toBe(1);
    await rl.reset('k');
    expect((await rl.get('k')).count).toBe(0);
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
