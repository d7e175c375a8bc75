import { type Selectable, sql } from 'kysely';
import type { Queryable } from '../../db/client.js';
import { typed } from '../../db/kysely.js';
import type { MailOutbox } from '../../db/schema.js';
import { claimDue, type ClaimOptions, doneValues, idAmong, type Retention } from '../outbox/outbox.repo.js';

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Extra headers, e.g. List-Unsubscribe; never From, To or Subject. */
  headers?: Record<string, string>;
}

const COLUMNS = ['id', 'to_address', 'subject', 'text_body', 'html_body', 'headers', 'attempts', 'created_at', 'sent_at'] as const;

export type OutboxRow = Pick<Selectable<MailOutbox>, (typeof COLUMNS)[number]>;

/** The outbox row's columns of a mail (what enqueueMail inserts; a statement that enqueues under a condition selects them). */
function outboxValues(mail: OutgoingMail) {
  return {
    to_address: mail.to,
    subject: mail.subject,
    text_body: mail.text,
    html_body: mail.html,
    headers: mail.headers ? JSON.stringify(mail.headers) : null,
  };
}

/**
 * The outbox row's columns of a mail as select-list items, for a statement that enqueues it once
 * per row of a CTE (`insertInto('mail_outbox').columns(OUTBOX_COLUMNS).expression(...)`).
 */
export const OUTBOX_COLUMNS = ['to_address', 'subject', 'text_body', 'html_body', 'headers'] as const;
export function outboxSelection(mail: OutgoingMail) {
  const v = outboxValues(mail);
  return [
    sql.val(v.to_address).as('to_address'),
    sql.val(v.subject).as('subject'),
    sql.val(v.text_body).as('text_body'),
    sql.val(v.html_body).as('html_body'),
    sql<string | null>`${v.headers}::jsonb`.as('headers'),
  ];
}

export async function enqueueMail(q: Queryable, mail: OutgoingMail): Promise<void> {
  await typed(q).insertInto('mail_outbox').values(outboxValues(mail)).execute();
}

/** Claims the next due mail under a lease (the one claim path of every outbox). */
export function claimDueMail(q: Queryable, options: ClaimOptions): Promise<OutboxRow | undefined> {
  return claimDue(q, 'mail_outbox', options)
    .selectFrom('claimed as c')
    .innerJoin('mail_outbox as m', 'm.id', 'c.id')
    .select(['m.id', 'm.to_address', 'm.subject', 'm.text_body', 'm.html_body', 'm.headers', 'c.attempts', 'm.created_at', 'm.sent_at'])
    .executeTakeFirst();
}

export async function markMailSent(q: Queryable, ids: readonly number[], transport: string): Promise<void> {
  await typed(q).updateTable('mail_outbox').set({ ...doneValues(), transport }).where(idAmong(ids)).execute();
}

export function listDeliveredMails(q: Queryable, transport: string, limit: number): Promise<OutboxRow[]> {
  return typed(q)
    .selectFrom('mail_outbox')
    .select(COLUMNS)
    .where('transport', '=', transport)
    .where('sent_at', 'is not', null)
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}

/** Sent mails are deleted after this many days, given-up ones after FAILED_RETENTION_DAYS (stated on the Datenschutz page). */
export const SENT_RETENTION_DAYS = 7;
export const FAILED_RETENTION_DAYS = 30;
export const MAIL_RETENTION: Retention = { sentDays: SENT_RETENTION_DAYS, failedDays: FAILED_RETENTION_DAYS };
