import type { Queryable } from '../../db/client.js';

export type TokenKind = 'verify' | 'reset';

export async function insertToken(
  q: Queryable,
  t: { id: string; userId: string; kind: TokenKind; tokenHash: string; ttlSeconds: number },
): Promise<void> {
  await q.query(
    `INSERT INTO auth_tokens (id, user_id, kind, token_hash, expires_at) VALUES ($1, $2, $3, $4, now() + make_interval(secs => $5))`,
    [t.id, t.userId, t.kind, t.tokenHash, t.ttlSeconds],
  );
}

/** Marks a valid token used and returns its user; a used, expired or unknown token gives undefined. */
export async function consumeToken(q: Queryable, kind: TokenKind, tokenHash: string): Promise<string | undefined> {
  const rows = await q.query<{ user_id: string }>(
    `UPDATE auth_tokens SET used_at = now()
      WHERE token_hash = $1 AND kind = $2 AND used_at IS NULL AND expires_at > now()
      RETURNING user_id`,
    [tokenHash, kind],
  );
  return rows[0]?.user_id;
}

/** The member a token would sign for, without using it up; undefined when it is used, expired or unknown. */
export async function findTokenUser(q: Queryable, kind: TokenKind, tokenHash: string) {
  const rows = await q.query<{ email: string; display_name: string }>(
    `SELECT u.email, u.display_name FROM auth_tokens t JOIN users u ON u.id = t.user_id
      WHERE t.token_hash = $1 AND t.kind = $2 AND t.used_at IS NULL AND t.expires_at > now()`,
    [tokenHash, kind],
  );
  return rows[0];
}

/** Outstanding tokens of a kind become useless once one of them was used. */
export async function expireUserTokens(q: Queryable, userId: string, kind: TokenKind): Promise<void> {
  await q.query('UPDATE auth_tokens SET used_at = now() WHERE user_id = $1 AND kind = $2 AND used_at IS NULL', [userId, kind]);
}

/**
 * Counts one more use today (Europe/Berlin) of a per-user daily cap; returns the new count.
 * Kept apart from auth_tokens so token cleanup cannot reset a cap.
 */
export async function bumpDailyCounter(q: Queryable, userId: string, kind: string): Promise<number> {
  const rows = await q.query<{ count: number }>(
    `INSERT INTO daily_counters (user_id, kind, day, count)
     VALUES ($1, $2, (now() AT TIME ZONE 'Europe/Berlin')::date, 1)
     ON CONFLICT (user_id, kind, day) DO UPDATE SET count = daily_counters.count + 1
     RETURNING count`,
    [userId, kind],
  );
  return rows[0]?.count ?? 0;
}

export async function hasRecentToken(q: Queryable, userId: string, kind: TokenKind, seconds: number): Promise<boolean> {
  const rows = await q.query(
    `SELECT 1 FROM auth_tokens WHERE user_id = $1 AND kind = $2 AND used_at IS NULL
        AND created_at > now() - make_interval(secs => $3) LIMIT 1`,
    [userId, kind, seconds],
  );
  return rows.length > 0;
}
