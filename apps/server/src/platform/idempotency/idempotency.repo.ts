import type { Queryable } from '../../db/client.js';

/** Claims (member, key) for this transaction; false when it was already taken. */
export async function claimKey(q: Queryable, userId: string, key: string, fingerprint: string): Promise<boolean> {
  const rows = await q.query(
    `INSERT INTO idempotency_keys (user_id, key, fingerprint, response) VALUES ($1, $2, $3, 'null'::jsonb)
     ON CONFLICT (user_id, key) DO NOTHING RETURNING key`,
    [userId, key, fingerprint],
  );
  return rows.length === 1;
}

export async function findKey(q: Queryable, userId: string, key: string): Promise<{ fingerprint: string; response: unknown } | undefined> {
  const rows = await q.query<{ fingerprint: string; response: unknown }>(
    'SELECT fingerprint, response FROM idempotency_keys WHERE user_id = $1 AND key = $2',
    [userId, key],
  );
  return rows[0];
}

export async function storeResponse(q: Queryable, userId: string, key: string, response: unknown): Promise<void> {
  await q.query('UPDATE idempotency_keys SET response = $3::jsonb WHERE user_id = $1 AND key = $2', [userId, key, JSON.stringify(response)]);
}

/** Keys are kept for 7 days; a retry after that is a new request. */
export async function deleteOldKeys(q: Queryable): Promise<number> {
  const rows = await q.query("DELETE FROM idempotency_keys WHERE created_at < now() - interval '7 days' RETURNING key");
  return rows.length;
}
