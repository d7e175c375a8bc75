import type { Queryable } from '../../db/client.js';
import { findShownMemberRow } from './members.repo.js';

/**
 * The members read service: what other modules may read about a member (the `users` table belongs
 * to accounts). Functions take a Queryable so a caller can read inside its own transaction.
 */
export interface ShownMember {
  id: string;
  name: string;
  /** The member lets others see when their messages were read. */
  readReceipts: boolean;
}

/** A member others may still see (not suspended), or undefined. */
export async function findShownMember(q: Queryable, id: string): Promise<ShownMember | undefined> {
  const row = await findShownMemberRow(q, id);
  return row && { id: row.id, name: row.name, readReceipts: row.read_receipts };
}

export { findPremiumUntil, isEmailVerified, memberExists } from './members.repo.js';
