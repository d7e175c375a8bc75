import type { Db, Queryable } from '../../db/client.js';
import { AppError } from '../../platform/http/errors.js';
import { type Ledger, type Posting, SYSTEM_ACCOUNTS } from '../wallet/index.js';
import { deleteOldKeys } from '../../platform/idempotency/idempotency.repo.js';
import * as repo from './escrows.repo.js';

export interface Hold {
  messageId: string;
  senderId: string;
  /** The sender's wallet account (as the posting that moved the credits resolved it). */
  senderAccount: number;
  recipientId: string;
  amount: number;
  /** How many of the amount's credits are free (not bought). */
  free: number;
}

/**
 * Prepaid replies: the sender's credits wait in the escrow account until the recipient's first
 * reply (they go to the recipient, as free credits) or for 7 days (they go back as they were).
 * Each escrow settles exactly once. Free credits pass on only up to a daily cap (docs/CREDITS.md).
 */
export class EscrowService {
  constructor(
    private readonly db: Db,
    private readonly ledger: Ledger,
  ) {}

  async hold(tx: Queryable, e: Hold, freeCap: number): Promise<void> {
    if (e.free > 0 && !(await this.ledger.countFreeCreditsPassed(tx, e.senderId, e.free, freeCap))) {
      const left = Math.max(freeCap - (await this.ledger.freeCreditsPassedToday(tx, e.senderId)), 0);
      throw new AppError('free_credits_limit', { params: { freeCap, left } });
    }
    await repo.insertEscrow(tx, e);
  }

  /**
   * A reply from `replier`, with the escrows its insert released (messages.repo): the movement that
   * gives what they held to `replier`, to be posted with the message's own (none when nothing was held).
   */
  releasePosting(replier: string, replyId: string, released: readonly repo.Settled[]): Posting | undefined {
    const total = released.reduce((sum, e) => sum + e.amount, 0);
    if (total === 0) return undefined;
    return {
      kind: 'escrow.release',
      reference: replyId,
      legs: [
        { account: SYSTEM_ACCOUNTS.escrow, amount: -total },
        { account: { wallet: replier }, amount: total },
      ],
    };
  }

  /** The job: refunds expired escrows in batches (a batch's movements booked together); safe to run in many processes at once. */
  async refundExpired(batch = 100): Promise<number> {
    let refunded = 0;
    for (;;) {
      const count = await this.db.transaction(async (tx) => {
        const due = await repo.refundDue(tx, batch);
        await this.ledger.postAll(
          tx,
          due.map((e) => ({
            kind: 'escrow.refund',
            reference: e.message_id,
            legs: [
              { account: SYSTEM_ACCOUNTS.escrow, amount: -e.amount },
              { account: e.sender_account, amount: e.amount, free: e.free },
            ],
          })),
        );
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
