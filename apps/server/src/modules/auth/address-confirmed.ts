import type { Queryable } from '../../db/client.js';
import { markEmailVerified } from './users.repo.js';

/**
 * What follows a member's first confirmed address, in the transaction that confirms it (the welcome
 * credits, wired by the composition root so auth imports no wallet code).
 */
export type OnAddressConfirmed = (tx: Queryable, memberId: string) => Promise<void>;

/** Marks the address confirmed; the first time, runs `then` in the same transaction. */
export async function confirmAddress(tx: Queryable, memberId: string, then: OnAddressConfirmed): Promise<void> {
  if (await markEmailVerified(tx, memberId)) await then(tx, memberId);
}
