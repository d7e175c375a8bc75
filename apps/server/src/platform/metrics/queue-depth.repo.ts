import type { Queryable } from '../../db/client.js';

export interface MailQueueDepth {
  /** Waiting for a (first or next) delivery attempt. */
  pending: number;
  /** Given up after the last retry; a human has to look. */
  failed: number;
}

export interface EscrowQueueDepth {
  /** Prepaid replies still held in escrow. */
  open: number;
  /** Open past their expiry: the refund job is behind. */
  overdue: number;
}

export async function mailQueueDepth(q: Queryable): Promise<MailQueueDepth> {
  const [row] = await q.query<{ pending: number; failed: number }>(
    // Both counts read a partial index with the same predicate (mail_outbox_due_idx, mail_outbox_failed_idx).
    `SELECT (SELECT count(*) FROM mail_outbox WHERE sent_at IS NULL AND failed_at IS NULL)::int AS pending,
            (SELECT count(*) FROM mail_outbox WHERE failed_at IS NOT NULL)::int AS failed`,
  );
  return { pending: row?.pending ?? 0, failed: row?.failed ?? 0 };
}

export async function escrowQueueDepth(q: Queryable): Promise<EscrowQueueDepth> {
  const [row] = await q.query<{ open: number; overdue: number }>(
    `SELECT count(*)::int AS open,
            count(*) FILTER (WHERE expires_at <= now())::int AS overdue
       FROM escrows WHERE status = 'open'`,
  );
  return { open: row?.open ?? 0, overdue: row?.overdue ?? 0 };
}
