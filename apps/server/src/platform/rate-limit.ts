import { tooManyRequests } from './errors.js';
import type { Redis } from 'ioredis';

export interface WindowCount {
  count: number;
  retryAfterMs: number;
}

/** Fixed-window counters, shared across processes when Redis is configured. */
export interface RateLimiter {
  increment(key: string, windowMs: number): Promise<WindowCount>;
  get(key: string): Promise<WindowCount>;
  reset(key: string): Promise<void>;
}

export function createMemoryRateLimiter(now: () => number = Date.now): RateLimiter {
  const windows = new Map<string, { count: number; resetAt: number }>();
  const live = (key: string) => {
    const w = windows.get(key);
    if (w && w.resetAt <= now()) {
      windows.delete(key);
      return undefined;
    }
    return w;
  };
  const sweep = () => {
    if (windows.size < 10_000) return;
    for (const [key, w] of windows) if (w.resetAt <= now()) windows.delete(key);
  };
  return {
    async increment(key, windowMs) {
      sweep();
      const w = live(key) ?? { count: 0, resetAt: now() + windowMs };
      w.count += 1;
      windows.set(key, w);
      return { count: w.count, retryAfterMs: w.resetAt - now() };
    },
    async get(key) {
      const w = live(key);
      return { count: w?.count ?? 0, retryAfterMs: w ? w.resetAt - now() : 0 };
    },
    async reset(key) {
      windows.delete(key);
    },
  };
}

/** Counts a hit and starts the window on the first one: one atomic round trip (EVALSHA). */
const INCREMENT_SCRIPT = `
local count = redis.call('INCR', KEYS[1])
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then
  redis.call('PEXPIRE', KEYS[1], ARGV[1])
  ttl = tonumber(ARGV[1])
end
return {count, ttl}`;

interface WithIncrementScript {
  funkelnRateIncrement(key: string, windowMs: number): Promise<[number, number]>;
}

export function createRedisRateLimiter(redis: Redis, prefix = 'rl:'): RateLimiter {
  redis.defineCommand('funkelnRateIncrement', { numberOfKeys: 1, lua: INCREMENT_SCRIPT });
  const scripted = redis as Redis & WithIncrementScript;
  return {
    async increment(key, windowMs) {
      const [count, ttl] = await scripted.funkelnRateIncrement(prefix + key, windowMs);
      return { count, retryAfterMs: ttl > 0 ? ttl : windowMs };
    },
    async get(key) {
      const k = prefix + key;
      const [count, ttl] = await Promise.all([redis.get(k), redis.pttl(k)]);
      return { count: Number(count ?? 0), retryAfterMs: ttl > 0 ? ttl : 0 };
    },
    async reset(key) {
      await redis.del(prefix + key);
    },
  };
}

/** Counts one hit and throws a German 429 once the window holds more than max. */
export async function enforceLimit(
  limiter: RateLimiter,
  key: string,
  max: number,
  windowMs: number,
  message?: string,
): Promise<void> {
  const { count, retryAfterMs } = await limiter.increment(key, windowMs);
  if (count > max) throw tooManyRequests(retryAfterMs, message);
}
