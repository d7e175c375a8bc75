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

/** The daily login reward can be claimed: the address is confirmed and no claim exists for this Berlin day. */
export async function loginRewardOpen(q: Queryable, memberId: string, today: string): Promise<boolean> {
  const row = await typed(q)
    .selectFrom('users as u')
    .select(({ eb, and, not, exists, selectFrom }) =>
      and([
        eb.ref('u.email_verified'),
        not(
          exists(
            selectFrom('reward_claims as c')
              .select(sql<number>`1`.as('found'))
              .whereRef('c.user_id', '=', 'u.id')
              .where('c.kind', '=', 'login')
              .where('c.period', '=', today),
          ),
        ),
      ]).as('open'),
    )
    .where('u.id', '=', memberId)
    .executeTakeFirst();
  return row?.open === true;
}
