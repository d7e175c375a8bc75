import { Redis } from 'ioredis';

/**
 * The shared command connection. Auto-pipelining sends the commands of one event-loop turn in one
 * write: under load, many requests' rate-limit counts share a syscall. Pub/sub connections are
 * duplicated without it.
 */
export function createRedis(url: string): Redis {
  return new Redis(url, { maxRetriesPerRequest: 2, enableOfflineQueue: true, lazyConnect: false, enableAutoPipelining: true });
}

/** A connection of its own for pub/sub (or a socket adapter), from the shared one's settings; `name` shows in CLIENT LIST. */
export function duplicateForPubSub(redis: Redis, name?: string): Redis {
  return redis.duplicate({ enableAutoPipelining: false, ...(name ? { connectionName: name } : {}) });
}
