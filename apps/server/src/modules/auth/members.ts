import type { Queryable } from '../../db/client.js';
import { findAccountAddressRow, findMailContactRow, findShownMemberRow } from './members.repo.js';

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

/** Where to mail a member, and which notification mails they want; undefined if they get none (unconfirmed address, mails off, suspended). */
export interface MailContact {
  email: string;
  name: string;
  wants: { match: boolean; message: boolean; flirt: boolean };
}

export async function findMailContact(q: Queryable, id: string): Promise<MailContact | undefined> {
  const row = await findMailContactRow(q, id);
  return row && { email: row.email, name: row.name, wants: { match: row.email_on_match, message: row.email_on_message, flirt: row.email_on_flirt } };
}

/**
 * The account's address and name for mails the law requires (statements of reasons, answers to
 * objections): sent whatever the notification settings, and while suspended; undefined if deleted.
 */
export function findAccountAddress(q: Queryable, id: string): Promise<{ email: string; name: string } | undefined> {
  return findAccountAddressRow(q, id);
}

export { disableNotificationMail, extendPremium, findPremiumUntil, memberExists, shownMember } from './members.repo.js';
/** The AGB version a member agreed to (account's banner), recorded in the caller's transaction. */
export { recordTermsAcceptance } from './users.repo.js';
