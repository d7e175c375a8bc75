import type { Queryable } from '../../db/client.js';
import { now, typed } from '../../db/kysely.js';

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
  // Both counts read a partial index with the same predicate (mail_outbox_due_idx, mail_outbox_failed_idx).
  const row = await typed(q)
    .selectNoFrom((eb) => [
      eb.selectFrom('mail_outbox').select((c) => c.fn.countAll<number>().as('n')).where('sent_at', 'is', null).where('failed_at', 'is', null).as('pending'),
      eb.selectFrom('mail_outbox').select((c) => c.fn.countAll<number>().as('n')).where('failed_at', 'is not', null).as('failed'),
    ])
    .executeTakeFirst();
  return { pending: row?.pending ?? 0, failed: row?.failed ?? 0 };
}

export async function escrowQueueDepth(q: Queryable): Promise<EscrowQueueDepth> {
  const row = await typed(q)
    .selectFrom('escrows')
    .select((eb) => [
      eb.fn.countAll<number>().as('open'),
      eb.fn.countAll<number>().filterWhere('expires_at', '<=', now()).as('overdue'),
    ])
    .where('status', '=', 'open')
    .executeTakeFirst();
  return { open: row?.open ?? 0, overdue: row?.overdue ?? 0 };
}
