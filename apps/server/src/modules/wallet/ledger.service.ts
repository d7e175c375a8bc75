import { randomUUID } from 'node:crypto';
import type { Queryable } from '../../db/client.js';
import { AppError } from '../../platform/errors.js';
import * as repo from './ledger.repo.js';

import { SYSTEM_ACCOUNTS } from './ledger.repo.js';

export { SYSTEM_ACCOUNTS };

/** Every kind of movement, with how a member's history names it. */
export const transactionLabels = {
  'reward.login': 'Tägliche Login-Belohnung',
  'reward.upload_photo': 'Belohnung für dein erstes Foto',
  'reward.get_vote': 'Belohnung: Dein Foto hat eine Stimme bekommen',
  purchase: 'Credit-Paket gekauft',
  'purchase.reversal': 'Kauf erstattet oder angefochten: Credits zurückgebucht',
  message: 'Nachricht gesendet',
  'escrow.release': 'Vorbezahlte Antwort erhalten',
  'escrow.refund': 'Vorbezahlte Antwort erstattet (keine Antwort in 7 Tagen)',
  premium: 'Premium für 30 Tage',
  companion: 'Nachricht an den Digital Friend',
} as const;
export type TransactionKind = keyof typeof transactionLabels;

const systemIds = new Set<number>(Object.values(SYSTEM_ACCOUNTS));
const isSystemAccount = (id: number) => systemIds.has(id);

/** A system account id, a wallet account id, or the wallet of a member. */
export type AccountRef = number | { wallet: string };

export interface Posting {
  kind: TransactionKind;
  reference?: string;
  legs: { account: AccountRef; amount: number }[];
}

export function insufficientCredits(need: number, have: number): AppError {
  return new AppError(402, 'insufficient_credits', `Nicht genug Credits: Du brauchst ${need}, hast aber ${have}.`);
}

/**
 * The double-entry ledger. post() runs inside the caller's transaction, so a movement commits with
 * the change it pays for or not at all. Wallet balances are cached (CHECK balance >= 0) and changed
 * in the same transaction; the database refuses a transaction whose entries do not sum to zero.
 */
export class Ledger {
  async post(tx: Queryable, posting: Posting): Promise<string | undefined> {
    const merged = new Map<number, number>();
    for (const leg of posting.legs) {
      if (!Number.isSafeInteger(leg.amount)) throw new Error(`ledger amounts are integers, got ${leg.amount}`);
      const account = typeof leg.account === 'number' ? leg.account : await repo.walletAccount(tx, leg.account.wallet);
      merged.set(account, (merged.get(account) ?? 0) + leg.amount);
    }
    const legs = [...merged].filter(([, amount]) => amount !== 0).map(([account, amount]) => ({ account, amount }));
    if (legs.reduce((sum, l) => sum + l.amount, 0) !== 0) throw new Error(`ledger transaction ${posting.kind} does not sum to zero`);
    if (legs.length === 0) return undefined;
    // Wallets in id order, so two transactions touching the same wallets cannot deadlock.
    for (const leg of [...legs].sort((a, b) => a.account - b.account)) {
      if (isSystemAccount(leg.account)) continue;
      if ((await repo.moveWalletBalance(tx, leg.account, leg.amount)) === undefined) {
        throw insufficientCredits(-leg.amount, await repo.accountBalance(tx, leg.account));
      }
    }
    const id = randomUUID();
    await repo.insertTransaction(tx, id, posting.kind, posting.reference ?? null, legs);
    return id;
  }

  /** The member's wallet account id (created on first use). */
  walletAccount(q: Queryable, userId: string): Promise<number> {
    return repo.walletAccount(q, userId);
  }

  balance(q: Queryable, userId: string): Promise<number> {
    return repo.walletBalance(q, userId);
  }

  async history(q: Queryable, userId: string, limit = 30) {
    const rows = await repo.walletHistory(q, userId, limit);
    return rows.map((r) => ({
      id: r.transaction_id,
      at: r.created_at.toISOString(),
      amount: r.amount,
      label: transactionLabels[r.kind as TransactionKind] ?? 'Buchung',
    }));
  }
}
