import type { Redis } from 'ioredis';
import { LRUCache } from 'lru-cache';

/**
 * Short-lived JSON values every process of the deployment can read: in Redis when the deployment
 * has it (each key with its own expiry), else in this process's memory (a single process has no
 * one to share with). For work one request prepares and a later one may use on another process.
 */
export interface SharedTtlStore {
  set(key: string, value: unknown, ttlMs: number): Promise<void>;
  /** The value and removes it (a one-time read), or undefined when missing or expired. */
  take(key: string): Promise<unknown>;
  delete(key: string): Promise<void>;
}

export function createSharedTtlStore(redis: Redis | undefined, prefix: string): SharedTtlStore {
  return redis ? new RedisTtlStore(redis, prefix) : new MemoryTtlStore();
}

class RedisTtlStore implements SharedTtlStore {
  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
  ) {}

  async set(key: string, value: unknown, ttlMs: number): Promise<void> {
    await this.redis.set(this.prefix + key, JSON.stringify(value), 'PX', Math.max(1, Math.round(ttlMs)));
  }

  async take(key: string): Promise<unknown> {
    const raw = await this.redis.getdel(this.prefix + key);
    return raw === null ? undefined : (JSON.parse(raw) as unknown);
  }

  async delete(key: string): Promise<void> {
    await this.redis.del(this.prefix + key);
  }
}

class MemoryTtlStore implements SharedTtlStore {
  private readonly values = new LRUCache<string, { json: string }>({ max: 1000, ttlAutopurge: true });

  async set(key: string, value: unknown, ttlMs: number): Promise<void> {
    this.values.set(key, { json: JSON.stringify(value) }, { ttl: Math.max(1, Math.round(ttlMs)) });
  }

  async take(key: string): Promise<unknown> {
    const entry = this.values.get(key);
    this.values.delete(key);
    return entry === undefined ? undefined : (JSON.parse(entry.json) as unknown);
  }

  async delete(key: string): Promise<void> {
    this.values.delete(key);
  }
}
