import { randomUUID } from 'node:crypto';
import type { Redis } from 'ioredis';

/** Which members are online, across every server process. */
export interface PresenceStore {
  /** This process now holds memberId (first socket) or no longer does (last socket gone). */
  setLocal(memberId: string, online: boolean): Promise<void>;
  /** Distinct signed-in members online across all processes. */
  count(): Promise<number>;
  /** Whether the member has a socket in any live process (or is visiting). */
  isOnline(memberId: string): Promise<boolean>;
  /**
   * Members online without a socket until `untilMs` (demo members dropping by): counted by every
   * process. They never hold a socket, so they are counted beside the socket holders, not merged.
   */
  visit(memberIds: string[], untilMs: number): Promise<void>;
  close(): Promise<void>;
}

export function createMemoryPresenceStore(): PresenceStore {
  const users = new Set<string>();
  const visitors = new Map<string, number>();
  const visiting = () => {
    const now = Date.now();
    for (const [id, until] of visitors) if (until <= now) visitors.delete(id);
    return visitors;
  };
  return {
    async setLocal(memberId, online) {
      if (online) users.add(memberId);
      else users.delete(memberId);
    },
    count: async () => users.size + visiting().size,
    isOnline: async (memberId) => users.has(memberId) || visiting().has(memberId),
    async visit(memberIds, untilMs) {
      for (const id of memberIds) visitors.set(id, Math.max(untilMs, visitors.get(id) ?? 0));
    },
    close: async () => undefined,
  };
}

const HEARTBEAT_MS = 10_000;
const PROC_TTL_MS = 30_000;

// Drops processes whose heartbeat stopped (crashed) and visits that ended, then counts the union
// of the live processes' members plus the visitors (KEYS[2]: member -> visit end).
const COUNT_SCRIPT = `
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', tonumber(ARGV[1]) - tonumber(ARGV[2]))
redis.call('ZREMRANGEBYSCORE', KEYS[2], '-inf', ARGV[1])
local visitors = redis.call('ZCARD', KEYS[2])
local procs = redis.call('ZRANGE', KEYS[1], 0, -1)
if #procs == 0 then return visitors end
if #procs == 1 then return visitors + redis.call('SCARD', ARGV[3] .. procs[1]) end
local keys = {}
for i, p in ipairs(procs) do keys[i] = ARGV[3] .. p end
local tmp = ARGV[3] .. 'union:' .. ARGV[4]
redis.call('SUNIONSTORE', tmp, unpack(keys))
local n = redis.call('SCARD', tmp)
redis.call('DEL', tmp)
return visitors + n`;

// 1 when a process that heartbeat within the TTL holds the member, or their visit has not ended.
const ONLINE_SCRIPT = `
local ends = redis.call('ZSCORE', KEYS[2], ARGV[4])
if ends and tonumber(ends) > tonumber(ARGV[1]) then return 1 end
local procs = redis.call('ZRANGEBYSCORE', KEYS[1], tonumber(ARGV[1]) - tonumber(ARGV[2]), '+inf')
for _, p in ipairs(procs) do
  if redis.call('SISMEMBER', ARGV[3] .. p, ARGV[4]) == 1 then return 1 end
end
return 0`;

/**
 * Each process keeps its own set of online members in Redis and heartbeats it; a crashed
 * process's set drops out after PROC_TTL_MS, so the count never sticks at stale members.
 */
export function createRedisPresenceStore(redis: Redis, prefix: string): PresenceStore {
  const PROCS = `${prefix}presence:procs`;
  const VISITS = `${prefix}presence:visits`;
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
    async setLocal(memberId, online) {
      if (online) await redis.multi().sadd(key, memberId).pexpire(key, PROC_TTL_MS * 2).zadd(PROCS, Date.now(), procId).exec();
      else await redis.srem(key, memberId);
    },
    async count() {
      return Number(await redis.eval(COUNT_SCRIPT, 2, PROCS, VISITS, Date.now(), PROC_TTL_MS, PREFIX, procId));
    },
    async isOnline(memberId) {
      return Number(await redis.eval(ONLINE_SCRIPT, 2, PROCS, VISITS, Date.now(), PROC_TTL_MS, PREFIX, memberId)) === 1;
    },
    async visit(memberIds, untilMs) {
      if (memberIds.length === 0) return;
      // GT: a visit is only ever lengthened. Ended visits leave with each count; the key an hour after the last visit.
      await redis
        .multi()
        .zadd(VISITS, 'GT', ...memberIds.flatMap((id) => [untilMs, id]))
        .pexpireat(VISITS, untilMs + 3_600_000)
        .exec();
    },
    async close() {
      clearInterval(timer);
      await redis.multi().del(key).zrem(PROCS, procId).exec().catch(() => undefined);
    },
  };
}
