import { sql } from 'kysely';
import type { Queryable } from '../../db/client.js';
import { typed } from '../../db/kysely.js';
import type { Json } from '../../db/schema.js';

/** Stores (member, key) with the request's fingerprint and answer; false when another request stored it first. */
export async function storeKey(q: Queryable, memberId: string, key: string, fingerprint: string, response: unknown): Promise<boolean> {
  const row = await typed(q)
    .insertInto('idempotency_keys')
    .values({ user_id: memberId, key, fingerprint, response: sql<Json>`${JSON.stringify(response)}::jsonb` })
    .onConflict((oc) => oc.columns(['user_id', 'key']).doNothing())
    .returning('key')
    .executeTakeFirst();
  return row !== undefined;
}

export function findKey(q: Queryable, memberId: string, key: string) {
  return typed(q).selectFrom('idempotency_keys').select(['fingerprint', 'response']).where('user_id', '=', memberId).where('key', '=', key).executeTakeFirst();
}

/** Keys are kept for 7 days; a retry after that is a new request. */
export async function deleteOldKeys(q: Queryable): Promise<number> {
  const rows = await typed(q)
    .deleteFrom('idempotency_keys')
    .where('created_at', '<', sql<Date>`now() - interval '7 days'`)
    .returning('key')
    .execute();
  return rows.length;
}
