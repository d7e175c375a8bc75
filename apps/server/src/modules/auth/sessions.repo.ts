import { type Kysely, sql } from 'kysely';
import type { Queryable } from '../../db/client.js';
import { compiledOnce } from '../../db/compiled-query.js';
import { among, now, secondsAgo, secondsFromNow, typed, uuidArray } from '../../db/kysely.js';
import type { DB } from '../../db/schema.js';

export async function insertSession(q: Queryable, s: { id: string; userId: string; tokenHash: string; absoluteSeconds: number }) {
  await typed(q)
    .insertInto('sessions')
    .values({ id: s.id, user_id: s.userId, token_hash: s.tokenHash, expires_at: secondsFromNow(s.absoluteSeconds) })
    .execute();
}

/** A live session and its member, as the request lookup reads them. */
export type LiveSessionRow = Omit<Awaited<ReturnType<typeof liveSession.execute>>[number], 'token_hash'>;

/** The live sessions for these token hashes (not revoked, not past their absolute or idle expiry), by token hash. */
export async function findLiveSessions(q: Queryable, tokenHashes: readonly string[], idleSeconds: number): Promise<Map<string, LiveSessionRow>> {
  const rows = await liveSession.execute(q, { tokenHashes, idleSeconds });
  return new Map(rows.map(({ token_hash: hash, ...row }) => [hash, row]));
}

/**
 * Sessions that are live: not revoked, not past their absolute or idle expiry, their member not
 * suspended. The one definition both the request lookup and the sockets' recheck build on, so
 * "live" cannot differ between HTTP and realtime.
 */
function liveSessions(k: Kysely<DB>, idleSeconds: number) {
  return k
    .selectFrom('sessions as s')
    .innerJoin('users as u', (j) => j.onRef('u.id', '=', 's.user_id').on('u.suspended_at', 'is', null))
    .where('s.revoked_at', 'is', null)
    .where('s.expires_at', '>', now())
    .where('s.last_seen_at', '>', secondsAgo(idleSeconds));
}

/** Compiled once: every request whose session is not cached in its process looks it up (those arriving together in one statement). */
const liveSession = compiledOnce((k, p: { tokenHashes: readonly string[]; idleSeconds: number }) =>
  liveSessions(k, p.idleSeconds)
    .select(['s.token_hash', 's.id as session_id', 's.last_seen_at', 's.expires_at'])
    .select(['u.id', 'u.email', 'u.email_verified', 'u.password_hash', 'u.display_name', 'u.role', 'u.google_sub', 'u.premium_until', 'u.suspended_at', 'u.created_at', 'u.terms_version'])
    .where('s.token_hash', '=', among(sql<string[]>`${p.tokenHashes}::text[]`)),
);

/** The ids of the live sessions, as findLiveSessions has them: a subquery for other modules' filters. */
export function liveSessionIds(q: Queryable, idleSeconds: number) {
  return liveSessions(typed(q), idleSeconds).select('s.id');
}

/** Which of these sessions are live, as findLiveSession has it. */
export async function findLiveSessionIds(q: Queryable, sessionIds: readonly string[], idleSeconds: number): Promise<Set<string>> {
  const rows = await liveSessions(typed(q), idleSeconds)
    .select('s.id')
    .where('s.id', '=', among(uuidArray(sessionIds)))
    .execute();
  return new Set(rows.map((r) => r.id));
}

/**
 * Marks the sessions seen and their members active now; returns those members. Rows are locked in
 * id order before they are written: two processes writing overlapping batches (a member's requests
 * reach both workers) would otherwise lock them in whatever order their plans meet them and
 * deadlock. The ids travel as one array (one statement text, prepared, whatever the batch size).
 */
export async function touchSessions(q: Queryable, sessionIds: readonly string[]): Promise<string[]> {
  if (sessionIds.length === 0) return [];
  const k = typed(q);
  const ids = uuidArray(sessionIds);
  await k
    .updateTable('sessions')
    .set({ last_seen_at: now() })
    .where('id', 'in', (eb) => eb.selectFrom('sessions').select('id').where('id', '=', among(ids)).orderBy('id').forUpdate())
    .execute();
  const rows = await k
    .updateTable('users')
    .set({ last_active_at: now() })
    .where('id', 'in', (eb) =>
      eb
        .selectFrom('users')
        .select('id')
        .where('id', 'in', eb.selectFrom('sessions').select('user_id').where('id', '=', among(ids)))
        .orderBy('id')
        .forUpdate(),
    )
    .returning('id')
    .execute();
  return rows.map((r) => r.id);
}

/** Sessions that can never authenticate again: revoked, past their absolute or idle expiry. */
export async function deleteEndedSessions(q: Queryable, idleSeconds: number): Promise<number> {
  const rows = await typed(q)
    .deleteFrom('sessions')
    .where((eb) => eb.or([eb('revoked_at', 'is not', null), eb('expires_at', '<=', now()), eb('last_seen_at', '<=', secondsAgo(idleSeconds))]))
    .returning('id')
    .execute();
  return rows.length;
}

export async function revokeSession(q: Queryable, sessionId: string): Promise<void> {
  await typed(q).updateTable('sessions').set({ revoked_at: now() }).where('id', '=', sessionId).where('revoked_at', 'is', null).execute();
}

/** Revokes every live session of a user but `keep` (if given); returns their ids so sockets can be closed. */
export async function revokeUserSessions(q: Queryable, userId: string, keep?: string): Promise<string[]> {
  const rows = await typed(q)
    .updateTable('sessions')
    .set({ revoked_at: now() })
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .where('id', 'is distinct from', keep ?? null)
    .returning('id')
    .execute();
  return rows.map((r) => r.id);
}
