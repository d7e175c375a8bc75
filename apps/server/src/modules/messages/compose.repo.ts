import { sql } from 'kysely';
import type { Queryable } from '../../db/client.js';
import { typed } from '../../db/kysely.js';

/** Whether `from` has ever written to `to`. */
export async function hasWritten(q: Queryable, from: string, to: string): Promise<boolean> {
  const row = await typed(q)
    .selectFrom('messages')
    .select(sql<number>`1`.as('found'))
    .where('sender_id', '=', from)
    .where('recipient_id', '=', to)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}
