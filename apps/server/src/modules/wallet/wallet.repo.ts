import type { Queryable } from '../../db/client.js';

/** Extends premium by `days` from now or from its current end, whichever is later. */
export async function extendPremium(q: Queryable, userId: string, days: number): Promise<Date> {
  const rows = await q.query<{ premium_until: Date }>(
    `UPDATE users SET premium_until = GREATEST(COALESCE(premium_until, now()), now()) + make_interval(days => $2), updated_at = now()
      WHERE id = $1 RETURNING premium_until`,
    [userId, days],
  );
  return rows[0]!.premium_until;
}

const FREE_PASSED = 'prepaid_free';

/**
 * Counts `amount` more free credits passed on today (Europe/Berlin) against the daily cap; false
 * (nothing counted) when they do not fit. One statement, so parallel sends cannot overshoot the cap.
 */
export async function countFreeCreditsPassed(q: Queryable, userId: string, amount: number, cap: number): Promise<boolean> {
  const rows = await q.query(
    `INSERT INTO daily_counters (user_id, kind, day, count)
     SELECT $1, $2, (now() AT TIME ZONE 'Europe/Berlin')::date, $3::int WHERE $3::int <= $4::int
     ON CONFLICT (user_id, kind, day) DO UPDATE SET count = daily_counters.count + EXCLUDED.count
      WHERE daily_counters.count + EXCLUDED.count <= $4::int
     RETURNING count`,
    [userId, FREE_PASSED, amount, cap],
  );
  return rows.length === 1;
}

export async function freeCreditsPassedToday(q: Queryable, userId: string): Promise<number> {
  const rows = await q.query<{ count: number }>(
    "SELECT count FROM daily_counters WHERE user_id = $1 AND kind = $2 AND day = (now() AT TIME ZONE 'Europe/Berlin')::date",
    [userId, FREE_PASSED],
  );
  return rows[0]?.count ?? 0;
}
