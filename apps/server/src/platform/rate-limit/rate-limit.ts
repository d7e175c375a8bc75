import type { LimitName } from '@funkeln/contracts/errors';
import type { Backoff, RateLimitPolicy } from '@funkeln/contracts/routes/limits';
import { AppError, retryAfter } from '../http/errors.js';
import type { Redis } from 'ioredis';

interface WindowCount {
  count: number;
  retryAfterMs: number;
}

/** The wait that n attempts let through impose on the next one. */
export function backoffDelayMs(rule: Backoff, n: number): number {
  return n < rule.free ? 0 : Math.min(rule.maxDelayMs, rule.baseMs * 2 ** (n - rule.free));
}

/** Counters shared across processes when Redis is configured; each call is one atomic step. */
export interface RateLimiter {
  /** Fixed window: counts a hit and starts the window on the first one. */
  increment(key: string, windowMs: number): Promise<WindowCount>;
  /**
   * Counts an attempt if one may be made now and answers 0; otherwise answers how many ms are
   * left until the next may, counting nothing. Call it before the work it guards.
   */
  admit(key: string, rule: Backoff): Promise<number>;
  reset(key: string): Promise<void>;
  /** Takes back one hit of a fixed window that still runs (a request the server could not serve); never below 0. */
  release(key: string): Promise<void>;
}

/** One process's counters: exact only where this process is the only one (no Redis, one server). */
export function createMemoryRateLimiter(now: () => number = Date.now): RateLimiter {
  // A fixed window's count until resetAt; an admit key's attempts, the next allowed at nextAt.
  const counters = new Map<string, { count: number; resetAt: number; nextAt: number }>();
  const live = (key: string) => {
    const w = counters.get(key);
    if (w && w.resetAt <= now()) {
      counters.delete(key);
      return undefined;
    }
    return w;
  };
  const sweep = () => {
    if (counters.size < 10_000) return;
    for (const [key, w] of counters) if (w.resetAt <= now()) counters.delete(key);
  };
  return {
    async increment(key, windowMs) {
      sweep();
      const w = live(key) ?? { count: 0, resetAt: now() + windowMs, nextAt: 0 };
      w.count += 1;
      counters.set(key, w);
      return { count: w.count, retryAfterMs: w.resetAt - now() };
    },
    async admit(key, rule) {
      sweep();
      const t = now();
      const previous = live(key);
      if (previous && t < previous.nextAt) return previous.nextAt - t;
      const count = (previous?.count ?? 0) + 1;
      counters.set(key, { count, resetAt: t + rule.forgetMs, nextAt: t + backoffDelayMs(rule, count) });
      return 0;
    },
    async reset(key) {
      counters.delete(key);
    },
    async release(key) {
      const w = live(key);
      if (w && w.count > 0) w.count -= 1;
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

/** The admit step on the Redis clock; the delay is backoffDelayMs. Answers the wait, 0 when counted. */
const ADMIT_SCRIPT = `
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
local state = redis.call('HMGET', KEYS[1], 'count', 'next')
local nextAt = tonumber(state[2]) or 0
if now < nextAt then return nextAt - now end
local count = (tonumber(state[1]) or 0) + 1
local free, base, maxDelay = tonumber(ARGV[1]), tonumber(ARGV[2]), tonumber(ARGV[3])
local delay = 0
if count >= free then delay = math.min(maxDelay, base * 2 ^ (count - free)) end
redis.call('HSET', KEYS[1], 'count', count, 'next', now + delay)
redis.call('PEXPIRE', KEYS[1], ARGV[4])
return 0`;

/** Takes back one hit if the window still runs (DECR keeps its expiry); an expired window stays gone. */
const RELEASE_SCRIPT = `
local count = tonumber(redis.call('GET', KEYS[1]))
if count and count > 0 then return redis.call('DECR', KEYS[1]) end
return 0`;

interface WithScripts {
  funkelnRateIncrement(key: string, windowMs: number): Promise<[number, number]>;
  funkelnRateAdmit(key: string, free: number, baseMs: number, maxDelayMs: number, forgetMs: number): Promise<number>;
  funkelnRateRelease(key: string): Promise<number>;
}

export function createRedisRateLimiter(redis: Redis, prefix = 'rl:'): RateLimiter {
  redis.defineCommand('funkelnRateIncrement', { numberOfKeys: 1, lua: INCREMENT_SCRIPT });
  redis.defineCommand('funkelnRateAdmit', { numberOfKeys: 1, lua: ADMIT_SCRIPT });
  redis.defineCommand('funkelnRateRelease', { numberOfKeys: 1, lua: RELEASE_SCRIPT });
  const scripted = redis as Redis & WithScripts;
  return {
    async increment(key, windowMs) {
      const [count, ttl] = await scripted.funkelnRateIncrement(prefix + key, windowMs);
      return { count, retryAfterMs: ttl > 0 ? ttl : windowMs };
    },
    admit(key, rule) {
      return scripted.funkelnRateAdmit(prefix + key, rule.free, rule.baseMs, rule.maxDelayMs, rule.forgetMs);
    },
    async reset(key) {
      await redis.del(prefix + key);
    },
    async release(key) {
      await scripted.funkelnRateRelease(prefix + key);
    },
  };
}

/** Counts one hit and throws a German 429 once the window holds more than max. */
export async function enforceLimit(
  limiter: RateLimiter,
  key: string,
  max: number,
  windowMs: number,
  limit?: LimitName,
): Promise<void> {
  const { count, retryAfterMs } = await limiter.increment(key, windowMs);
  if (count > max) throw new AppError('rate_limited', { params: { limit }, headers: retryAfter(retryAfterMs) });
}

/** The counter a declared limit keeps for one member id or client bucket. */
export function policyKey(policy: RateLimitPolicy, subject: string): string {
  return `${policy.key}:${subject}`;
}

/** Counts a hit against one of the declared limits (contracts' routes/limits.ts) for a member id or client bucket. */
export function enforcePolicy(limiter: RateLimiter, policy: RateLimitPolicy, subject: string): Promise<void> {
  return enforceLimit(limiter, policyKey(policy, subject), policy.max, policy.windowMs, policy.message);
}
