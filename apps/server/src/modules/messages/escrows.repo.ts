import { type QueryCreator, type Selectable, sql } from 'kysely';
import type { Queryable } from '../../db/client.js';
import { now, typed } from '../../db/kysely.js';
import type { DB, Escrows } from '../../db/schema.js';

const ESCROW_DAYS = 7;

export async function insertEscrow(
  q: Queryable,
  e: { messageId: string; senderId: string; recipientId: string; senderAccount: number; amount: number; free: number },
): Promise<void> {
  await typed(q)
    .insertInto('escrows')
    .values({
      message_id: e.messageId,
      sender_id: e.senderId,
      recipient_id: e.recipientId,
      sender_account: e.senderAccount,
      amount: e.amount,
      free: e.free,
      expires_at: sql<Date>`now() + make_interval(days => ${ESCROW_DAYS})`,
    })
    .execute();
}

const SETTLED = ['message_id', 'sender_account', 'amount', 'free'] as const;

/** A settled escrow: what goes where. */
export type Settled = Pick<Selectable<Escrows>, (typeof SETTLED)[number]>;

/**
 * open -> released for every unexpired escrow `payer` holds for `replier`, as a statement to run
 * inside the reply's insert (messages.repo). The status condition makes each escrow settle once:
 * a concurrent expiry waits for the row lock, then finds it settled.
 */
export function releaseStatement(k: QueryCreator<DB>, p: { payer: string; replier: string; replyId: string }) {
  return k
    .updateTable('escrows')
    .set({ status: 'released', settled_at: now(), settled_by: p.replyId })
    .where('sender_id', '=', p.payer)
    .where('recipient_id', '=', p.replier)
    .where('status', '=', 'open')
    .where('expires_at', '>', now())
    .returning(SETTLED);
}

/** open -> refunded for up to `limit` expired escrows; rows another process is settling are skipped. */
export function refundDue(q: Queryable, limit: number) {
  return typed(q)
    .updateTable('escrows')
    .set({ status: 'refunded', settled_at: now() })
    .where('message_id', 'in', (eb) =>
      eb
        .selectFrom('escrows')
        .select('message_id')
        .where('status', '=', 'open')
        .where('expires_at', '<=', now())
        .orderBy('expires_at')
        .limit(limit)
        .forUpdate()
        .skipLocked(),
    )
    .where('status', '=', 'open')
    .returning(SETTLED)
    .execute();
}
