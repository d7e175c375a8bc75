import type { Queryable } from '../../db/client.js';

/** Sets the stored role of the account with this e-mail; false when there is none. */
export async function setRoleByEmail(q: Queryable, email: string, role: 'admin' | 'member'): Promise<boolean> {
  const rows = await q.query('UPDATE users SET role = $2, updated_at = now() WHERE email = lower($1) RETURNING id', [email.trim(), role]);
  return rows.length === 1;
}
