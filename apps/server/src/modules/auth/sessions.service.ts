import { randomUUID } from 'node:crypto';
import type { Role } from '@funkeln/contracts/auth';
import type { Config } from '../../config.js';
import type { Db, Queryable, Tx } from '../../db/client.js';
import { randomToken, sha256 } from '../../platform/crypto/crypto.js';
import type { EventBus } from '../../platform/events/events.js';
import { batchedReads, ReadBatcher } from '../../platform/concurrency/read-batcher.js';
import type { AuthContext } from './auth-context.js';
import { SessionCache } from './session-cache.js';
import { LastSeenWriter } from './last-seen.js';
import { deleteEndedSessions, findLiveSessionIds, findLiveSessions, insertSession, liveSessionIds, type LiveSessionRow, revokeSession, revokeUserSessions } from './sessions.repo.js';
import type { UserRow } from './users.repo.js';

/** A session unused this long ends (stated on the Datenschutz page). */
export const SESSION_IDLE_SECONDS = 7 * 24 * 3600;
/** Every session ends this long after sign-in (stated on the Datenschutz page). */
export const SESSION_ABSOLUTE_SECONDS = 30 * 24 * 3600;
const TOUCH_AFTER_MS = 60_000;

/** The ids of live sessions (not revoked, not past their idle or absolute expiry, member not suspended), as a subquery for other modules' SQL. */
export function liveSessionsQuery(q: Queryable) {
  return liveSessionIds(q, SESSION_IDLE_SECONDS);
}

/** What SessionService is built from (named, so no call site depends on an argument order). */
export interface SessionServiceDeps {
  db: Db;
  events: EventBus;
  config: Pick<Config, 'adminEmails'>;
  log: { error(obj: object, msg: string): void };
  cacheable?: () => boolean;
}

/** Opaque bearer sessions: 256-bit random tokens, stored only as SHA-256, idle and absolute expiry. */
export class SessionService {
  private readonly cache: SessionCache;
  /** Lookups of sessions not cached, those arriving together in one statement (a crowd opening the app at once). */
  private readonly lookups: ReadBatcher<string, LiveSessionRow>;
  /** "Last seen" marks, written behind the requests (a job of the auth module: stop() writes the rest). */
  readonly lastSeen: LastSeenWriter;

  private readonly db: Db;
  private readonly events: EventBus;
  private readonly config: Pick<Config, 'adminEmails'>;

  /** `cacheable`: whether every process that could revoke a session reaches this one's cache. */
  constructor(deps: SessionServiceDeps) {
    this.db = deps.db;
    this.events = deps.events;
    this.config = deps.config;
    const cacheable = deps.cacheable ?? (() => true);
    this.cache = new SessionCache({ events: deps.events, enabled: cacheable });
    this.lastSeen = new LastSeenWriter(deps.db, deps.log, deps.events);
    this.lookups = new ReadBatcher((hashes) => findLiveSessions(this.db, hashes, SESSION_IDLE_SECONDS), batchedReads(deps.db));
  }

  /** Deletes revoked and expired sessions (the daily cleanup); returns how many. */
  pruneEnded(): Promise<number> {
    return deleteEndedSessions(this.db, SESSION_IDLE_SECONDS);
  }

  async create(q: Queryable, userId: string): Promise<string> {
    const token = randomToken();
    await insertSession(q, { id: randomUUID(), userId, tokenHash: sha256(token), absoluteSeconds: SESSION_ABSOLUTE_SECONDS });
    return token;
  }

  async authenticate(token: string): Promise<AuthContext | undefined> {
    if (token.length < 20 || token.length > 200) return undefined;
    const hash = sha256(token);
    const now = Date.now();
    const cached = this.cache.get(hash, now);
    if (cached) {
      if (now - cached.lastSeenAt > TOUCH_AFTER_MS) {
        cached.lastSeenAt = now;
        this.lastSeen.mark(cached.auth.sessionId);
      }
      return cached.auth;
    }
    const generation = this.cache.begin();
    const row = await this.lookups.load(hash);
    if (!row) return undefined;
    let lastSeenAt = row.last_seen_at.getTime();
    if (now - lastSeenAt > TOUCH_AFTER_MS) {
      this.lastSeen.mark(row.session_id);
      lastSeenAt = now;
    }
    const { session_id: sessionId, last_seen_at: _seen, expires_at: expiresAt, ...user } = row;
    const auth = { sessionId, user, role: this.effectiveRole(user) };
    this.cache.set(hash, { auth, lastSeenAt, expiresAt: expiresAt.getTime(), cachedAt: now }, generation);
    return auth;
  }

  /** ADMIN_EMAILS accounts are admins once their address is verified. */
  effectiveRole(user: Pick<UserRow, 'role' | 'email' | 'email_verified'>): Role {
    if (user.role === 'admin') return 'admin';
    return user.email_verified && this.config.adminEmails.includes(user.email) ? 'admin' : 'member';
  }

  async revoke(sessionId: string): Promise<void> {
    await revokeSession(this.db, sessionId);
    this.events.publish('session.revoked', { sessionIds: [sessionId] });
  }

  /** Revokes all of a user's sessions inside tx; call announce() with the result after commit. */
  revokeAllOf(q: Queryable, userId: string): Promise<string[]> {
    return revokeUserSessions(q, userId);
  }

  /** Like revokeAllOf, but the session `keep` (the member's current one) stays signed in. */
  revokeOthersOf(q: Queryable, userId: string, keep: string): Promise<string[]> {
    return revokeUserSessions(q, userId, keep);
  }

  /** In a transaction that changes members' accounts: once it commits, every process drops what it cached about them. */
  memberChanged(tx: Pick<Tx, 'afterCommit'>, ...userIds: string[]): void {
    this.events.publishOnCommit(tx, 'users.changed', { userIds });
  }

  /** Which of these sessions are still live (the sockets of the others are closed after missed events). */
  liveSessionIds(sessionIds: string[]): Promise<Set<string>> {
    return findLiveSessionIds(this.db, sessionIds, SESSION_IDLE_SECONDS);
  }

  announceRevoked(sessionIds: string[]): void {
    if (sessionIds.length > 0) this.events.publish('session.revoked', { sessionIds });
  }
}
