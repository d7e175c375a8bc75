import { sql, type RawBuilder, type SqlBool } from 'kysely';
import type { Queryable } from '../../db/client.js';
import { now, typed } from '../../db/kysely.js';

/**
 * The row `alias` of a query's `users` is a member others may see: not suspended, with a profile (an
 * account that never filled one in is nobody to others). The one rule for "shown"; a block between
 * two members is the other half of "visible" (blockedEitherWay). Answers about a member who is not
 * shown read like an unknown id's (docs/SECURITY.md, hidden members).
 */
export function shownMember(alias: string): RawBuilder<SqlBool> {
  return sql<SqlBool>`(${sql.ref(`${alias}.suspended_at`)} IS NULL AND EXISTS (SELECT 1 FROM profiles shown_p WHERE shown_p.user_id = ${sql.ref(`${alias}.id`)}))`;
}

/** A member others may see (shownMember). */
export function findShownMemberRow(q: Queryable, id: string) {
  return typed(q).selectFrom('users as u').select(['u.id', 'u.display_name as name', 'u.read_receipts']).where('u.id', '=', id).where(shownMember('u')).executeTakeFirst();
}

/** Confirmed address, notification mails on, not suspended: the member may be mailed at all. */
export function findMailContactRow(q: Queryable, id: string) {
  return typed(q)
    .selectFrom('users')
    .select(['email', 'display_name as name', 'email_on_match', 'email_on_message', 'email_on_flirt'])
    .where('id', '=', id)
    .where('email_verified', '=', true)
    .where('suspended_at', 'is', null)
    .where('email_notifications', '=', true)
    .executeTakeFirst();
}

export function findAccountAddressRow(q: Queryable, id: string) {
  return typed(q).selectFrom('users').select(['email', 'display_name as name']).where('id', '=', id).executeTakeFirst();
}

export async function memberExists(q: Queryable, id: string): Promise<boolean> {
  const row = await typed(q).selectFrom('users').select(sql<number>`1`.as('found')).where('id', '=', id).executeTakeFirst();
  return row !== undefined;
}

export async function findPremiumUntil(q: Queryable, id: string): Promise<Date | null> {
  const row = await typed(q).selectFrom('users').select('premium_until').where('id', '=', id).executeTakeFirst();
  return row?.premium_until ?? null;
}

/** Extends premium by `days` from now or from its current end, whichever is later; the new end. */
export async function extendPremium(q: Queryable, id: string, days: number): Promise<Date> {
  const row = await typed(q)
    .updateTable('users')
    .set({
      premium_until: sql<Date>`GREATEST(COALESCE(premium_until, now()), now()) + make_interval(days => ${days})`,
      updated_at: now(),
    })
    .where('id', '=', id)
    .returning('premium_until')
    .executeTakeFirstOrThrow();
  return row.premium_until!;
}

const MAIL_SWITCH = { match: 'email_on_match', message: 'email_on_message', flirt: 'email_on_flirt' } as const;

/** Switches one kind of notification mail off (idempotent): the unsubscribe link's write. */
export async function disableNotificationMail(q: Queryable, id: string, kind: keyof typeof MAIL_SWITCH): Promise<void> {
  await typed(q).updateTable('users').set(MAIL_SWITCH[kind], false).set('updated_at', now()).where('id', '=', id).execute();
}
