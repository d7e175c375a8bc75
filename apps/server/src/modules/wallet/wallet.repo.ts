import type { Queryable } from '../../db/client.js';
import { berlinToday, typed } from '../../db/kysely.js';

const FREE_PASSED = 'prepaid_free';

/**
 * Counts `amount` more free credits passed on today (Europe/Berlin) against the daily cap; false
 * (nothing counted) when they do not fit. One statement, so parallel sends cannot overshoot the cap.
 */
export async function countFreeCreditsPassed(q: Queryable, memberId: string, amount: number, cap: number): Promise<boolean> {
  if (amount > cap) return false;
  const row = await typed(q)
    .insertInto('daily_counters')
    .values({ user_id: memberId, kind: FREE_PASSED, day: berlinToday(), count: amount })
    .onConflict((oc) =>
      oc
        .columns(['user_id', 'kind', 'day'])
        .doUpdateSet((eb) => ({ count: eb('daily_counters.count', '+', eb.ref('excluded.count')) }))
        .where((eb) => eb(eb('daily_counters.count', '+', eb.ref('excluded.count')), '<=', cap)),
    )
    .returning('count')
    .executeTakeFirst();
  return row !== undefined;
}

export async function freeCreditsPassedToday(q: Queryable, memberId: string): Promise<number> {
  const row = await typed(q)
    .selectFrom('daily_counters')
    .select('count')
    .where('user_id', '=', memberId)
    .where('kind', '=', FREE_PASSED)
    .where('day', '=', berlinToday())
    .executeTakeFirst();
  return row?.count ?? 0;
}
