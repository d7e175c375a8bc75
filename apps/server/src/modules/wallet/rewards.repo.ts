import type { Queryable } from '../../db/client.js';
import { typed } from '../../db/kysely.js';
import type { RewardType } from '@funkeln/contracts/wallet';

/** Records a claim for its period; false when this period's claim already exists. */
export async function insertClaim(q: Queryable, memberId: string, kind: RewardType | 'welcome', period: string, amount: number): Promise<boolean> {
  const row = await typed(q)
    .insertInto('reward_claims')
    .values({ user_id: memberId, kind, period, amount })
    .onConflict((oc) => oc.doNothing())
    .returning('kind')
    .executeTakeFirst();
  return row !== undefined;
}

/** The rewards the member has claimed for `today` or for good ('once'). */
export async function claimsOf(q: Queryable, memberId: string, today: string): Promise<Set<string>> {
  const rows = await typed(q).selectFrom('reward_claims').select('kind').where('user_id', '=', memberId).where('period', 'in', [today, 'once']).execute();
  return new Set(rows.map((r) => r.kind));
}


/**
 * The member's address and whether it is confirmed: rewards are for confirmed addresses only
 * (throwaway accounts are how they were farmed), the welcome credits once per address.
 */
export function addressOf(q: Queryable, memberId: string) {
  return typed(q).selectFrom('users').select(['email', 'email_verified']).where('id', '=', memberId).executeTakeFirst();
}

/** Remembers that an address got its welcome credits; false when it already had them (kept after erasure). */
export async function insertWelcomeGrant(q: Queryable, addressHash: string): Promise<boolean> {
  const row = await typed(q)
    .insertInto('welcome_grants')
    .values({ address_hash: addressHash })
    .onConflict((oc) => oc.doNothing())
    .returning('address_hash')
    .executeTakeFirst();
  return row !== undefined;
}
