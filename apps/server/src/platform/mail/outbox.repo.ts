import type { Queryable } from '../../db/client.js';

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Extra headers, e.g. List-Unsubscribe; never From, To or Subject. */
  headers?: Record<string, string>;
}

export interface OutboxRow {
  id: number;
  to_address: string;
  subject: string;
  text_body: string;
  html_body: string;
  headers: Record<string, string> | null;
  attempts: number;
  created_at: Date;
  sent_at: Date | null;
}

export async function enqueueMail(q: Queryable, mail: OutgoingMail): Promise<void> {
  await q.query('INSERT INTO mail_outbox (to_address, subject, text_body, html_body, headers) VALUES ($1, $2, $3, $4, $5)', [
    mail.to,
    mail.subject,
    mail.text,
    mail.html,
    mail.headers ? JSON.stringify(mail.headers) : null,
  ]);
}

/** Claims due mails for this worker; SKIP LOCKED keeps several processes from sending one twice. */
export function claimDueMails(q: Queryable, limit: number, leaseSeconds: number): Promise<OutboxRow[]> {
  return q.query<OutboxRow & Record<string, unknown>>(
    `UPDATE mail_outbox SET locked_until = now() + make_interval(secs => $2), attempts = attempts + 1
      WHERE id IN (
        SELECT id FROM mail_outbox
         WHERE sent_at IS NULL AND failed_at IS NULL AND next_attempt_at <= now()
           AND (locked_until IS NULL OR locked_until < now())
         ORDER BY id LIMIT $1 FOR UPDATE SKIP LOCKED)
      RETURNING id, to_address, subject, text_body, html_body, headers, attempts, created_at, sent_at`,
    [limit, leaseSeconds],
  );
}

export async function markMailSent(q: Queryable, id: number, transport: string): Promise<void> {
  await q.query('UPDATE mail_outbox SET sent_at = now(), transport = $2, locked_until = NULL, last_error = NULL WHERE id = $1', [
    id,
    transport,
  ]);
}

export function listDeliveredMails(q: Queryable, transport: string, limit: number): Promise<OutboxRow[]> {
  return q.query<OutboxRow & Record<string, unknown>>(
    `SELECT id, to_address, subject, text_body, html_body, headers, attempts, created_at, sent_at
       FROM mail_outbox WHERE transport = $1 AND sent_at IS NOT NULL ORDER BY id DESC LIMIT $2`,
    [transport, limit],
  );
}

export const SENT_RETENTION_DAYS = 7;
export const FAILED_RETENTION_DAYS = 30;

/** Deletes mails sent more than 7 days ago and given-up ones after 30; returns how many. */
export async function pruneOutbox(q: Queryable): Promise<number> {
  const rows = await q.query(
    `DELETE FROM mail_outbox
      WHERE sent_at < now() - make_interval(days => $1) OR failed_at < now() - make_interval(days => $2)
      RETURNING id`,
    [SENT_RETENTION_DAYS, FAILED_RETENTION_DAYS],
  );
  return rows.length;
}
