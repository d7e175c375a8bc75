import { sql } from 'kysely';
import type { Queryable } from '../../db/client.js';
import { now, typed } from '../../db/kysely.js';

/** A member others may see: not suspended, with a profile (an account that never filled one in is nobody to others). */
export function findShownMemberRow(q: Queryable, id: string) {
  return typed(q)
    .selectFrom('users')
    .select(['id', 'display_name as name', 'read_receipts'])
    .where('id', '=', id)
    .where('suspended_at', 'is', null)
    .where(({ exists, selectFrom }) => exists(selectFrom('profiles as p').select('p.user_id').where('p.user_id', '=', id)))
    .executeTakeFirst();
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
