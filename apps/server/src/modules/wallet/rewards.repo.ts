import type { Queryable } from '../../db/client.js';
import { typed } from '../../db/kysely.js';
import type { RewardType } from '@funkeln/contracts/wallet';

/** Records a claim for its period; false when this period's claim already exists. */
export async function insertClaim(q: Queryable, memberId: string, kind: RewardType, period: string, amount: number): Promise<boolean> {
  const row = await typed(q)
    .insertInto('reward_claims')
    .values({ user_id: memberId, kind, period, amount })
    .onConflict((oc) => oc.doNothing())
    .returning('kind')
    .executeTakeFirst();
  return row !== undefined;
}
