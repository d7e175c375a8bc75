import { sql } from 'kysely';
import type { Queryable } from '../../db/client.js';
import { now, secondsAgo, secondsFromNow, typed } from '../../db/kysely.js';
import type { AuthTokens } from '../../db/schema.js';

export type TokenKind = AuthTokens['kind'];

export async function insertToken(
  q: Queryable,
  t: { id: string; userId: string; kind: TokenKind; tokenHash: string; ttlSeconds: number },
): Promise<void> {
  await typed(q)
    .insertInto('auth_tokens')
    .values({ id: t.id, user_id: t.userId, kind: t.kind, token_hash: t.tokenHash, expires_at: secondsFromNow(t.ttlSeconds) })
    .execute();
}

/** Marks a valid token used and returns its user; a used, expired or unknown token gives undefined. */
export async function consumeToken(q: Queryable, kind: TokenKind, tokenHash: string): Promise<string | undefined> {
  const row = await typed(q)
    .updateTable('auth_tokens')
    .set({ used_at: now() })
    .where('token_hash', '=', tokenHash)
    .where('kind', '=', kind)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now())
    .returning('user_id')
    .executeTakeFirst();
  return row?.user_id;
}

/** The member a token would sign for, without using it up; undefined when it is used, expired or unknown. */
export function findTokenUser(q: Queryable, kind: TokenKind, tokenHash: string) {
  return typed(q)
    .selectFrom('auth_tokens as t')
    .innerJoin('users as u', 'u.id', 't.user_id')
    .select(['u.email', 'u.display_name'])
    .where('t.token_hash', '=', tokenHash)
    .where('t.kind', '=', kind)
    .where('t.used_at', 'is', null)
    .where('t.expires_at', '>', now())
    .executeTakeFirst();
}

/** Outstanding tokens of a kind become useless once one of them was used. */
export async function expireUserTokens(q: Queryable, userId: string, kind: TokenKind): Promise<void> {
  await typed(q).updateTable('auth_tokens').set({ used_at: now() }).where('user_id', '=', userId).where('kind', '=', kind).where('used_at', 'is', null).execute();
}

/**
 * Counts one more use today (Europe/Berlin) of a per-user daily cap; returns the new count.
 * Kept apart from auth_tokens so token cleanup cannot reset a cap.
 */
export async function bumpDailyCounter(q: Queryable, userId: string, kind: string): Promise<number> {
  const row = await typed(q)
    .insertInto('daily_counters')
    .values({ user_id: userId, kind, day: sql<Date>`(now() AT TIME ZONE 'Europe/Berlin')::date`, count: 1 })
    .onConflict((oc) => oc.columns(['user_id', 'kind', 'day']).doUpdateSet({ count: (eb) => eb('daily_counters.count', '+', 1) }))
    .returning('count')
    .executeTakeFirst();
  return row?.count ?? 0;
}

export async function hasRecentToken(q: Queryable, userId: string, kind: TokenKind, seconds: number): Promise<boolean> {
  const row = await typed(q)
    .selectFrom('auth_tokens')
    .select(sql<number>`1`.as('found'))
    .where('user_id', '=', userId)
    .where('kind', '=', kind)
    .where('used_at', 'is', null)
    .where('created_at', '>', secondsAgo(seconds))
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}
