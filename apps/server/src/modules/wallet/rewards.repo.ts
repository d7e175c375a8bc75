import type { Queryable } from '../../db/client.js';
import type { RewardType } from '@funkeln/contracts/wallet';

/** Records a claim for its period; false when this period's claim already exists. */
export async function insertClaim(q: Queryable, userId: string, kind: RewardType, period: string, amount: number): Promise<boolean> {
  const rows = await q.query(
    `INSERT INTO reward_claims (user_id, kind, period, amount) VALUES ($1, $2, $3, $4)
     ON CONFLICT DO NOTHING RETURNING kind`,
    [userId, kind, period, amount],
  );
  return rows.length === 1;
}

export async function hasApprovedPhoto(q: Queryable, userId: string): Promise<boolean> {
  const rows = await q.query("SELECT 1 FROM photos WHERE user_id = $1 AND status = 'approved' AND disabled_at IS NULL", [userId]);
  return rows.length > 0;
}

