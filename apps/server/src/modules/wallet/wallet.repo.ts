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

export async function premiumUntil(q: Queryable, userId: string): Promise<Date | null> {
  const rows = await q.query<{ premium_until: Date | null }>('SELECT premium_until FROM users WHERE id = $1', [userId]);
  return rows[0]?.premium_until ?? null;
}
