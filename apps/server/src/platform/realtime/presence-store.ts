import { randomUUID } from 'node:crypto';
import type { Redis } from 'ioredis';

/** Which members are online, across every server process. */
export interface PresenceStore {
  /** This process now holds userId (first socket) or no longer does (last socket gone). */
  setLocal(userId: string, online: boolean): Promise<void>;
  /** Distinct signed-in members online across all processes. */
  count(): Promise<number>;
  close(): Promise<void>;
}

export function createMemoryPresenceStore(): PresenceStore {
  const users = new Set<string>();
  return {
    async setLocal(userId, online) {
      if (online) users.add(userId);
      else users.delete(userId);
    },
    count: async () => users.size,
    close: async () => undefined,
  };
}

const HEARTBEAT_MS = 10_000;
const PROC_TTL_MS = 30_000;

// Drops processes whose heartbeat stopped (crashed), then counts the union of the live ones' members.
const COUNT_SCRIPT = `
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', tonumber(ARGV[1]) - tonumber(ARGV[2]))
local procs = redis.call('ZRANGE', KEYS[1], 0, -1)
if #procs == 0 then return 0 end
if #procs == 1 then return redis.call('SCARD', ARGV[3] .. procs[1]) end
local keys = {}
for i, p in ipairs(procs) do keys[i] = ARGV[3] .. p end
local tmp = ARGV[3] .. 'union:' .. ARGV[4]
redis.call('SUNIONSTORE', tmp, unpack(keys))
local n = redis.call('SCARD', tmp)
redis.call('DEL', tmp)
return n`;

/**
 * Each process keeps its own set of online members in Redis and heartbeats it; a crashed
 * process's set drops out after PROC_TTL_MS, so the count never sticks at stale members.
 */
export function createRedisPresenceStore(redis: Redis, prefix: string): PresenceStore {
  const PROCS = `${prefix}presence:procs`;
  const PREFIX = `${prefix}presence:proc:`;
  const procId = randomUUID();
  const key = PREFIX + procId;
  const beat = () =>
    redis
      .multi()
      .zadd(PROCS, Date.now(), procId)
      .pexpire(key, PROC_TTL_MS * 2)
      .exec()
      .catch(() => undefined);
  void beat();
  const timer = setInterval(beat, HEARTBEAT_MS);
  timer.unref();
  return {
    async setLocal(userId, online) {
      if (online) await redis.multi().sadd(key, userId).pexpire(key, PROC_TTL_MS * 2).zadd(PROCS, Date.now(), procId).exec();
      else await redis.srem(key, userId);
    },
    async count() {
      return Number(await redis.eval(COUNT_SCRIPT, 1, PROCS, Date.now(), PROC_TTL_MS, PREFIX, procId));
    },
    async close() {
      clearInterval(timer);
      await redis.multi().del(key).zrem(PROCS, procId).exec().catch(() => undefined);
    },
  };
}
