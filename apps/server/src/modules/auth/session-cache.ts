import { LRUCache } from 'lru-cache';
import type { EventBus } from '../../platform/events/events.js';
import type { AuthContext } from './auth-context.js';

export interface CachedSession {
  auth: AuthContext;
  lastSeenAt: number;
  expiresAt: number;
  cachedAt: number;
}

/** What SessionCache is built from (named, so no call site depends on an argument order). */
export interface SessionCacheDeps {
  events: EventBus;
  enabled: () => boolean;
  ttlMs?: number;
  max?: number;
}

/**
 * Live sessions by token hash, so an authenticated request needs no database round trip. Entries
 * live at most `ttlMs`; a revoked session or a changed member is dropped at once in every process
 * (cluster events), and everything when the process missed such events (`cluster.resync`). A
 * lookup that raced with any of these is not cached (the generation check).
 */
export class SessionCache {
  private readonly byHash: LRUCache<string, CachedSession>;
  private readonly hashBySession = new Map<string, string>();
  private readonly hashesByUser = new Map<string, Set<string>>();
  private generation = 0;

  private readonly enabled: () => boolean;
  private readonly ttlMs: number;

  constructor(deps: SessionCacheDeps) {
    this.enabled = deps.enabled;
    this.ttlMs = deps.ttlMs ?? 60_000;
    const events = deps.events;
    const max = deps.max ?? 50_000;
    // dispose runs on eviction, delete and replacement alike, so the indexes never outlive an entry.
    this.byHash = new LRUCache({ max, dispose: (entry, hash) => this.unindex(hash, entry) });
    events.on('session.revoked', ({ sessionIds }) => {
      this.generation += 1;
      for (const id of sessionIds) {
        const hash = this.hashBySession.get(id);
        if (hash) this.byHash.delete(hash);
      }
    });
    events.on('users.changed', ({ userIds }) => {
      this.generation += 1;
      for (const id of userIds) for (const hash of [...(this.hashesByUser.get(id) ?? [])]) this.byHash.delete(hash);
    });
    // Revocations published while this process could not hear them: nothing cached before is trusted.
    events.on('cluster.resync', () => {
      this.generation += 1;
      this.byHash.clear();
    });
  }

  /** Call before the database lookup; pass the result to set(). */
  begin(): number {
    return this.generation;
  }

  get(hash: string, now = Date.now()): CachedSession | undefined {
    const entry = this.byHash.get(hash);
    if (!entry) return undefined;
    if (!this.enabled() || now - entry.cachedAt > this.ttlMs || now >= entry.expiresAt) {
      this.byHash.delete(hash);
      return undefined;
    }
    return entry;
  }

  set(hash: string, entry: CachedSession, generation: number): void {
    if (generation !== this.generation || !this.enabled()) return;
    this.byHash.set(hash, entry);
    this.hashBySession.set(entry.auth.sessionId, hash);
    const hashes = this.hashesByUser.get(entry.auth.user.id) ?? new Set<string>();
    hashes.add(hash);
    this.hashesByUser.set(entry.auth.user.id, hashes);
  }

  private unindex(hash: string, entry: CachedSession): void {
    this.hashBySession.delete(entry.auth.sessionId);
    const hashes = this.hashesByUser.get(entry.auth.user.id);
    hashes?.delete(hash);
    if (hashes?.size === 0) this.hashesByUser.delete(entry.auth.user.id);
  }
}
