import type { Db, Queryable } from '../../db/client.js';
import { SYSTEM_ACCOUNTS, type Ledger } from '../wallet/ledger.service.js';
import { deleteOldKeys } from '../wallet/idempotency.repo.js';
import * as repo from './escrows.repo.js';

/**
 * Prepaid replies: the sender's credits wait in the escrow account until the recipient's first
 * reply (they go to the recipient) or for 7 days (they go back). Each escrow settles exactly once.
 */
export class EscrowService {
  constructor(
    private readonly db: Db,
    private readonly ledger: Ledger,
  ) {}

  async hold(tx: Queryable, e: { messageId: string; senderId: string; recipientId: string; amount: number }): Promise<void> {
    const senderAccount = await this.ledger.walletAccount(tx, e.senderId);
    await repo.insertEscrow(tx, { ...e, senderAccount });
  }

  /** A reply from `replier` to `payer`: whatever `payer` prepaid for it goes to `replier`. */
  async releaseOnReply(tx: Queryable, payer: string, replier: string, replyId: string): Promise<number> {
    const released = await repo.releaseFor(tx, payer, replier, replyId);
    const total = released.reduce((sum, e) => sum + e.amount, 0);
    if (total > 0) {
      await this.ledger.post(tx, {
        kind: 'escrow.release',
        reference: replyId,
        legs: [
          { account: SYSTEM_ACCOUNTS.escrow, amount: -total },
          { account: { wallet: replier }, amount: total },
        ],
      });
    }
    return total;
  }

  /** The job: refunds expired escrows in batches; safe to run in many processes at once. */
  async refundExpired(batch = 100): Promise<number> {
    let refunded = 0;
    for (;;) {
      const count = await this.db.transaction(async (tx) => {
        const due = await repo.refundDue(tx, batch);
        for (const e of due) {
          await this.ledger.post(tx, {
            kind: 'escrow.refund',
            reference: e.message_id,
            legs: [
              { account: SYSTEM_ACCOUNTS.escrow, amount: -e.amount },
              { account: e.sender_account, amount: e.amount },
            ],
          });
        }
        return due.length;
      });
      refunded += count;
      if (count < batch) return refunded;
    }
  }

  /** Housekeeping that runs with the expiry job: idempotency keys older than 7 days. */
  pruneIdempotencyKeys(): Promise<number> {
    return deleteOldKeys(this.db);
  }
}
