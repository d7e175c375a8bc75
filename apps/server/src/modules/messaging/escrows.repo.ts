import type { Queryable } from '../../db/client.js';

const ESCROW_DAYS = 7;

export async function insertEscrow(
  q: Queryable,
  e: { messageId: string; senderId: string; recipientId: string; senderAccount: number; amount: number; free: number },
): Promise<void> {
  await q.query(
    `INSERT INTO escrows (message_id, sender_id, recipient_id, sender_account, amount, free, expires_at)
     VALUES ($1, $2, $3, $4, $5, $6, now() + make_interval(days => $7))`,
    [e.messageId, e.senderId, e.recipientId, e.senderAccount, e.amount, e.free, ESCROW_DAYS],
  );
}

export type SettledEscrow = {
  message_id: string;
  sender_account: number;
  amount: number;
  free: number;
};

/**
 * open -> released for every unexpired escrow `payer` holds for `replier`. The status condition
 * makes each escrow settle once: a concurrent expiry waits for the row lock, then finds it settled.
 */
export function releaseFor(q: Queryable, payer: string, replier: string, replyId: string): Promise<SettledEscrow[]> {
  return q.query<SettledEscrow>(
    `UPDATE escrows SET status = 'released', settled_at = now(), settled_by = $3
      WHERE sender_id = $1 AND recipient_id = $2 AND status = 'open' AND expires_at > now()
      RETURNING message_id, sender_account::int AS sender_account, amount, free`,
    [payer, replier, replyId],
  );
}

/** open -> refunded for up to `limit` expired escrows; rows another process is settling are skipped. */
export function refundDue(q: Queryable, limit: number): Promise<SettledEscrow[]> {
  return q.query<SettledEscrow>(
    `UPDATE escrows SET status = 'refunded', settled_at = now()
      WHERE message_id IN (
        SELECT message_id FROM escrows WHERE status = 'open' AND expires_at <= now()
         ORDER BY expires_at LIMIT $1 FOR UPDATE SKIP LOCKED)
        AND status = 'open'
      RETURNING message_id, sender_account::int AS sender_account, amount, free`,
    [limit],
  );
}
