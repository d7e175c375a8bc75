import { sql } from 'kysely';
import type { Queryable } from '../../db/client.js';
import { now, typed } from '../../db/kysely.js';

/** Sets the stored role of the account with this e-mail; false when there is none. */
export async function setRoleByEmail(q: Queryable, email: string, role: 'admin' | 'member'): Promise<boolean> {
  const rows = await typed(q)
    .updateTable('users')
    .set({ role, updated_at: now() })
    .where('email', '=', sql<string>`lower(${email.trim()})`)
    .returning('id')
    .execute();
  return rows.length === 1;
}
