import type { Queryable } from '../../db/client.js';
import type { UserRow } from './users.repo.js';

export interface SessionWithUser extends UserRow {
  session_id: string;
  last_seen_at: Date;
  expires_at: Date;
}

export async function insertSession(q: Queryable, s: { id: string; userId: string; tokenHash: string; absoluteSeconds: number }) {
  await q.query(
    `INSERT INTO sessions (id, user_id, token_hash, expires_at) VALUES ($1, $2, $3, now() + make_interval(secs => $4))`,
    [s.id, s.userId, s.tokenHash, s.absoluteSeconds],
  );
}

/** The live session for a token hash: not revoked, not past its absolute or idle expiry. */
export async function findLiveSession(q: Queryable, tokenHash: string, idleSeconds: number) {
  const rows = await q.query<SessionWithUser & Record<string, unknown>>(
    `SELECT s.id AS session_id, s.last_seen_at, s.expires_at, u.id, u.email, u.email_verified, u.password_hash,
            u.display_name, u.role, u.google_sub, u.premium_until, u.suspended_at, u.created_at
       FROM sessions s JOIN users u ON u.id = s.user_id AND u.suspended_at IS NULL
      WHERE s.token_hash = $1 AND s.revoked_at IS NULL AND s.expires_at > now()
        AND s.last_seen_at > now() - make_interval(secs => $2)`,
    [tokenHash, idleSeconds],
  );
  return rows[0];
}

/** Marks the session (and its member, for "active recently" in feeds) as seen now. */
export async function touchSession(q: Queryable, sessionId: string): Promise<void> {
  await q.query('UPDATE sessions SET last_seen_at = now() WHERE id = $1', [sessionId]);
  await q.query('UPDATE users SET last_active_at = now() WHERE id = (SELECT user_id FROM sessions WHERE id = $1)', [sessionId]);
}

export async function revokeSession(q: Queryable, sessionId: string): Promise<void> {
  await q.query('UPDATE sessions SET revoked_at = now() WHERE id = $1 AND revoked_at IS NULL', [sessionId]);
}

/** Revokes every live session of a user but `keep` (if given); returns their ids so sockets can be closed. */
export async function revokeUserSessions(q: Queryable, userId: string, keep?: string): Promise<string[]> {
  const rows = await q.query<{ id: string }>(
    'UPDATE sessions SET revoked_at = now() WHERE user_id = $1 AND revoked_at IS NULL AND id IS DISTINCT FROM $2 RETURNING id',
    [userId, keep ?? null],
  );
  return rows.map((r) => r.id);
}
