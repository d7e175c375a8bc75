import { sql } from 'kysely';
import type { Queryable } from '../../db/client.js';
import { now, secondsFromNow, typed } from '../../db/kysely.js';

export async function insertLoginCode(q: Queryable, c: { codeHash: string; bindingHash: string; userId: string; ttlSeconds: number }) {
  const k = typed(q);
  await k.deleteFrom('login_codes').where('expires_at', '<', now()).execute();
  await k
    .insertInto('login_codes')
    .values({ code_hash: c.codeHash, binding_hash: c.bindingHash, user_id: c.userId, expires_at: secondsFromNow(c.ttlSeconds) })
    .execute();
}

/** Single use: the row is deleted as it is read, whatever the caller then decides. */
export function takeLoginCode(q: Queryable, codeHash: string) {
  return typed(q)
    .deleteFrom('login_codes')
    .where('code_hash', '=', codeHash)
    .returning(['user_id', 'binding_hash', sql<boolean>`expires_at > now()`.as('live')])
    .executeTakeFirst();
}
