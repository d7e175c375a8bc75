import { randomUUID } from 'node:crypto';
import type { Queryable } from '../../db/client.js';
import { AppError } from '../../platform/errors.js';
import * as repo from './ledger.repo.js';
import { SYSTEM_ACCOUNTS } from './ledger.repo.js';

export { SYSTEM_ACCOUNTS };

/** Every kind of movement, with how a member's history names it. */
const transactionLabels = {
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
type TransactionKind = keyof typeof transactionLabels;

const systemIds = new Set<number>(Object.values(SYSTEM_ACCOUNTS));
const isSystemAccount = (id: number) => systemIds.has(id);

/** A system account id, a wallet account id, or the wallet of a member. */
type AccountRef = number | { wallet: string };

interface Leg {
  account: AccountRef;
  amount: number;
  /** Credits into a wallet: how many of them are free (not bought). All of them unless said. */
  free?: number;
  /** Credits out of a wallet: which go first. Free ones unless said (so bought ones stay movable). */
  takeFirst?: 'free' | 'bought';
}

export interface Posting {
  kind: TransactionKind;
  reference?: string;
  legs: Leg[];
}

/** A booked movement: its id, per leg how many of the leg's credits were free (signed like the amount), and the wallets it moved by member. */
export interface Posted {
  id: string;
  free: number[];
  wallets: ReadonlyMap<string, number>;
}

export function insufficientCredits(need: number, have: number): AppError {
  return new AppError('insufficient_credits', { params: { need, have } });
}

/** The free part of a wallet leg, given the wallet's state before it (docs/CREDITS.md). */
function freePart(state: repo.WalletState, leg: Leg): number {
  if (leg.amount > 0) {
    const free = leg.free ?? leg.amount;
    if (!Number.isSafeInteger(free) || free < 0 || free > leg.amount) throw new Error(`free part ${free} outside 0..${leg.amount}`);
    return free;
  }
  const out = -leg.amount;
  const bought = Math.max(state.balance - state.free, 0);
  return -(leg.takeFirst === 'bought' ? Math.max(out - bought, 0) : Math.min(state.free, out));
}

/**
 * The double-entry ledger. post() runs inside the caller's transaction, so a movement commits with
 * the change it pays for or not at all. Wallet balances and their free parts are cached (CHECK
 * 0 <= free <= balance) and changed in the same transaction under the wallet's row lock; the
 * database refuses a transaction whose entries do not sum to zero.
 */
export class Ledger {
  async post(tx: Queryable, posting: Posting): Promise<Posted | undefined> {
    for (const leg of posting.legs) {
      if (!Number.isSafeInteger(leg.amount)) throw new Error(`ledger amounts are integers, got ${leg.amount}`);
    }
    if (posting.legs.reduce((sum, l) => sum + l.amount, 0) !== 0) throw new Error(`ledger transaction ${posting.kind} does not sum to zero`);
    // Legs of 0 move nothing: no wallet is looked up, locked or written for them.
    if (posting.legs.every((l) => l.amount === 0)) return undefined;
    const walletIds = new Map<string, number>();
    const legs: (Leg & { account: number })[] = [];
    for (const leg of posting.legs) {
      if (typeof leg.account === 'number' || leg.amount === 0) {
        // A wallet leg of 0 keeps account 0: it is neither locked nor booked.
        legs.push({ ...leg, account: typeof leg.account === 'number' ? leg.account : 0 });
        continue;
      }
      const user = leg.account.wallet;
      const account = walletIds.get(user) ?? (await repo.walletAccount(tx, user));
      walletIds.set(user, account);
      legs.push({ ...leg, account });
    }
    const entries: repo.Entry[] = legs.map((l) => ({ account: l.account, amount: l.amount, free: 0 }));
    // Wallets in id order, so two transactions touching the same wallets cannot deadlock.
    const moved = legs.filter((l) => l.amount !== 0 && !isSystemAccount(l.account)).map((l) => l.account);
    const wallets = [...new Set(moved)].sort((a, b) => a - b);
    for (const account of wallets) {
      const before = await repo.lockWallet(tx, account);
      let state = before;
      legs.forEach((leg, i) => {
        if (leg.account !== account || leg.amount === 0) return;
        entries[i]!.free = freePart(state, leg);
        state = { balance: state.balance + leg.amount, free: state.free + entries[i]!.free };
      });
      if (state.balance < 0) throw insufficientCredits(before.balance - state.balance, before.balance);
      await repo.setWallet(tx, account, state);
    }
    const id = randomUUID();
    await repo.insertTransaction(tx, id, posting.kind, posting.reference ?? null, entries.filter((e) => e.amount !== 0));
    return { id, free: entries.map((e) => e.free), wallets: walletIds };
  }

  /** The member's wallet account id (created on first use). */
  walletAccount(q: Queryable, userId: string): Promise<number> {
    return repo.walletAccount(q, userId);
  }

  async balance(q: Queryable, userId: string): Promise<number> {
    return (await repo.walletState(q, userId)).balance;
  }

  /** The balance and its free part. */
  state(q: Queryable, userId: string): Promise<repo.WalletState> {
    return repo.walletState(q, userId);
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
