import { Redis } from 'ioredis';

/** Where a connection's trouble is told. */
export interface RedisLog {
  warn(obj: object, msg: string): void;
}

/** The log of each connection made here; its duplicates tell the same log. */
const logs = new WeakMap<Redis, RedisLog>();

/**
 * The shared command connection. Auto-pipelining sends the commands of one event-loop turn in one
 * write: under load, many requests' rate-limit counts share a syscall. Pub/sub connections are
 * duplicated without it.
 */
export function createRedis(url: string, log: RedisLog): Redis {
  const redis = new Redis(url, { maxRetriesPerRequest: 2, enableOfflineQueue: true, lazyConnect: false, enableAutoPipelining: true, connectionName: 'commands' });
  return watched(redis, 'commands', log);
}

/** A connection of its own for pub/sub (or a socket adapter), from the shared one's settings; `name` shows in CLIENT LIST and the log. */
export function duplicateForPubSub(redis: Redis, name: string): Redis {
  const duplicate = redis.duplicate({ enableAutoPipelining: false, connectionName: name });
  const log = logs.get(redis);
  return log ? watched(duplicate, name, log) : duplicate;
}

/**
 * Tells the log once when a connection fails and once when it is ready again. ioredis emits an
 * error at every failed reconnection attempt (every 50 ms to 2 s while Redis is away), and prints
 * "[ioredis] Unhandled error event" with a stack for each when no one listens.
 */
function watched(redis: Redis, name: string, log: RedisLog): Redis {
  logs.set(redis, log);
  let failing = false;
  let failures = 0;
  redis.on('error', (err: Error) => {
    failures += 1;
    if (failing) return;
    failing = true;
    log.warn({ err, redis: name }, 'Redis connection failed; reconnecting');
  });
  redis.on('ready', () => {
    if (!failing) return;
    log.warn({ redis: name, failures }, 'Redis connection ready again');
    failing = false;
    failures = 0;
  });
  return redis;
}
