import type { Queryable } from '../../db/client.js';

export async function insertLoginCode(q: Queryable, c: { codeHash: string; bindingHash: string; userId: string; ttlSeconds: number }) {
  await q.query('DELETE FROM login_codes WHERE expires_at < now()');
  await q.query(
    `INSERT INTO login_codes (code_hash, binding_hash, user_id, expires_at) VALUES ($1, $2, $3, now() + make_interval(secs => $4))`,
    [c.codeHash, c.bindingHash, c.userId, c.ttlSeconds],
  );
}

/** Single use: the row is deleted as it is read, whatever the caller then decides. */
export async function takeLoginCode(q: Queryable, codeHash: string) {
  const rows = await q.query<{ user_id: string; binding_hash: string; live: boolean }>(
    'DELETE FROM login_codes WHERE code_hash = $1 RETURNING user_id, binding_hash, expires_at > now() AS live',
    [codeHash],
  );
  return rows[0];
}
