import { type Selectable, sql } from 'kysely';
import type { Queryable } from '../../db/client.js';
import { now, secondsFromNow, typed } from '../../db/kysely.js';
import type { MailOutbox } from '../../db/schema.js';

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

/** Claims due mails for this worker; SKIP LOCKED keeps several processes from sending one twice. */
export function claimDueMails(q: Queryable, limit: number, leaseSeconds: number): Promise<OutboxRow[]> {
  return typed(q)
    .updateTable('mail_outbox')
    .set((eb) => ({ locked_until: secondsFromNow(leaseSeconds), attempts: eb('attempts', '+', 1) }))
    .where('id', 'in', (eb) =>
      eb
        .selectFrom('mail_outbox')
        .select('id')
        .where('sent_at', 'is', null)
        .where('failed_at', 'is', null)
        .where('next_attempt_at', '<=', now())
        .where((w) => w.or([w('locked_until', 'is', null), w('locked_until', '<', now())]))
        .orderBy('id')
        .limit(limit)
        .forUpdate()
        .skipLocked(),
    )
    .returning(COLUMNS)
    .execute();
}

export async function markMailSent(q: Queryable, id: number, transport: string): Promise<void> {
  await typed(q).updateTable('mail_outbox').set({ sent_at: now(), transport, locked_until: null, last_error: null }).where('id', '=', id).execute();
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

/** Deletes mails sent more than 7 days ago and given-up ones after 30; returns how many. */
export async function pruneOutbox(q: Queryable): Promise<number> {
  const rows = await typed(q)
    .deleteFrom('mail_outbox')
    .where((eb) =>
      eb.or([
        eb('sent_at', '<', sql<Date>`now() - make_interval(days => ${SENT_RETENTION_DAYS})`),
        eb('failed_at', '<', sql<Date>`now() - make_interval(days => ${FAILED_RETENTION_DAYS})`),
      ]),
    )
    .returning('id')
    .execute();
  return rows.length;
}
