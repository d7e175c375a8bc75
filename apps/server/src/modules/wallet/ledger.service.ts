import { randomUUID } from 'node:crypto';
import type { Queryable } from '../../db/client.js';
import { AppError } from '../../platform/http/errors.js';
import * as repo from './ledger.repo.js';
import { SYSTEM_ACCOUNTS } from './ledger.repo.js';
import { countFreeCreditsPassed, freeCreditsPassedToday } from './wallet.repo.js';

export { SYSTEM_ACCOUNTS };

/** Every kind of movement, with how a member's history names it. */
const transactionLabels = {
  'reward.login': 'Tägliche Login-Belohnung',
  'reward.upload_photo': 'Belohnung für dein erstes Foto',
  'reward.get_vote': 'Belohnung: Dein Foto hat eine Stimme bekommen',
  'reward.welcome': 'Willkommensbonus für deine ersten Nachrichten',
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

/** A booked movement: its id, per leg how many of the leg's credits were free (signed like the amount), and by member the wallets it moved and their balances after it. */
export interface Posted {
  id: string;
  free: number[];
  wallets: ReadonlyMap<string, number>;
  balances: ReadonlyMap<string, number>;
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

/** A member's balance after the given movements: from the last one that moved their wallet (undefined when none did). */
export function balanceMovedBy(memberId: string, postings: readonly (Posted | undefined)[]): number | undefined {
  for (const posted of [...postings].reverse()) {
    const balance = posted?.balances.get(memberId);
    if (balance !== undefined) return balance;
  }
  return undefined;
}

function checkPosting(posting: Posting): void {
  for (const leg of posting.legs) {
    if (!Number.isSafeInteger(leg.amount)) throw new Error(`ledger amounts are integers, got ${leg.amount}`);
  }
  if (posting.legs.reduce((sum, l) => sum + l.amount, 0) !== 0) throw new Error(`ledger transaction ${posting.kind} does not sum to zero`);
}

/** The wallets locked for a set of postings: by member their account, by account the state the postings so far left. */
interface Wallets {
  byMember: ReadonlyMap<string, number>;
  state: Map<number, repo.WalletState>;
}

/**
 * The double-entry ledger. post() runs inside the caller's transaction, so a movement commits with
 * the change it pays for or not at all. Wallet balances and their free parts are cached (CHECK
 * 0 <= free <= balance) and changed in the same transaction under the wallets' row locks; the
 * database refuses a transaction whose entries do not sum to zero. A movement of one member's
 * wallet is two statements: the lock (which reads the state) and the booking; so are several
 * movements posted together (postAll).
 */
export class Ledger {
  async post(tx: Queryable, posting: Posting): Promise<Posted | undefined> {
    return (await this.postAll(tx, [posting]))[0];
  }

  /**
   * Several movements, one after another as if posted in turn (each sees the balances the ones
   * before it left, and each is refused on its own with a 402), in two statements: their wallets
   * locked together, their transactions, entries and the wallets' new state written together.
   */
  async postAll(tx: Queryable, postings: readonly Posting[]): Promise<(Posted | undefined)[]> {
    for (const posting of postings) checkPosting(posting);
    // Legs of 0 move nothing: no wallet is looked up, locked or written for them.
    const moving = postings.map((posting) => posting.legs.filter((l) => l.amount !== 0));
    if (moving.every((legs) => legs.length === 0)) return postings.map(() => undefined);
    const members = new Set<string>();
    const walletIds = new Set<number>();
    for (const { account } of moving.flat()) {
      if (typeof account !== 'number') members.add(account.wallet);
      else if (!isSystemAccount(account)) walletIds.add(account);
    }
    const locked = await repo.lockWallets(tx, [...walletIds], [...members]);
    const wallets: Wallets = {
      byMember: new Map(locked.flatMap((w) => (w.user_id === null ? [] : [[w.user_id, w.id] as const]))),
      state: new Map(locked.map((w) => [w.id, { balance: w.balance, free: w.free }])),
    };
    for (const id of walletIds) if (!wallets.state.has(id)) throw new Error(`ledger account ${id} is no wallet`);
    const transactions: repo.Transaction[] = [];
    const posted = postings.map((posting, i) => {
      if (moving[i]!.length === 0) return undefined;
      const { result, transaction } = this.apply(posting, wallets);
      transactions.push(transaction);
      return result;
    });
    await repo.book(tx, { transactions, wallets: [...wallets.state].map(([id, state]) => ({ id, ...state })) });
    return posted;
  }

  /** One posting on the wallets' state (which it leaves changed): its transaction to book and what it answers. */
  private apply(posting: Posting, wallets: Wallets): { result: Posted; transaction: repo.Transaction } {
    const { byMember, state } = wallets;
    const before = new Map(state);
    const entries: repo.Entry[] = [];
    const free = posting.legs.map((leg) => {
      if (leg.amount === 0) return 0;
      // A wallet leg of 0 was left out above: neither locked nor booked.
      const account = typeof leg.account === 'number' ? leg.account : byMember.get(leg.account.wallet);
      if (account === undefined) throw new Error(`no wallet account for ${JSON.stringify(leg.account)}`);
      const wallet = state.get(account);
      const part = wallet ? freePart(wallet, leg) : 0;
      if (wallet) state.set(account, { balance: wallet.balance + leg.amount, free: wallet.free + part });
      entries.push({ account, amount: leg.amount, free: part });
      return part;
    });
    for (const [account, after] of state) {
      const was = before.get(account)!;
      if (after.balance < 0) throw insufficientCredits(was.balance - after.balance, was.balance);
    }
    const id = randomUUID();
    const moved = new Set(posting.legs.flatMap((l) => (typeof l.account === 'number' || l.amount === 0 ? [] : [l.account.wallet])));
    const result: Posted = {
      id,
      free,
      wallets: new Map([...byMember].filter(([member]) => moved.has(member))),
      balances: new Map([...byMember].map(([member, account]) => [member, state.get(account)!.balance])),
    };
    return { result, transaction: { id, kind: posting.kind, reference: posting.reference ?? null, entries } };
  }

  /**
   * A member's balance after the given movements in this transaction: from the last one that moved
   * their wallet, read from the database only when none did.
   */
  async balanceAfter(q: Queryable, memberId: string, postings: readonly (Posted | undefined)[]): Promise<number> {
    return balanceMovedBy(memberId, postings) ?? this.balance(q, memberId);
  }

  /** The member's balance, their wallet locked until the transaction ends. */
  async lockedBalance(tx: Queryable, memberId: string): Promise<number> {
    return (await this.lockedWallet(tx, memberId)).balance;
  }

  /** The member's wallet account id, their wallet locked until the transaction ends. */
  async walletAccount(tx: Queryable, memberId: string): Promise<number> {
    return (await this.lockedWallet(tx, memberId)).id;
  }

  /** The member's wallet (created on first use), locked until the transaction ends. */
  private async lockedWallet(tx: Queryable, memberId: string): Promise<repo.LockedWallet> {
    const [wallet] = await repo.lockWallets(tx, [], [memberId]);
    if (!wallet) throw new Error(`no wallet account for ${memberId}`);
    return wallet;
  }

  async balance(q: Queryable, memberId: string): Promise<number> {
    return (await repo.walletState(q, memberId)).balance;
  }

  /** The balance and its free part. */
  state(q: Queryable, memberId: string): Promise<repo.WalletState> {
    return repo.walletState(q, memberId);
  }

  /**
   * Counts `amount` more free credits the member passes on today (a prepaid reply) against the
   * daily cap, in one statement (parallel sends cannot overshoot); false, nothing counted, when they do not fit.
   */
  countFreeCreditsPassed(tx: Queryable, memberId: string, amount: number, cap: number): Promise<boolean> {
    return countFreeCreditsPassed(tx, memberId, amount, cap);
  }

  /** The free credits the member passed on today (Europe/Berlin). */
  freeCreditsPassedToday(q: Queryable, memberId: string): Promise<number> {
    return freeCreditsPassedToday(q, memberId);
  }

  async history(q: Queryable, memberId: string, limit = 30) {
    const rows = await repo.walletHistory(q, memberId, limit);
    return rows.map((r) => ({
      id: r.transaction_id,
      at: r.created_at.toISOString(),
      amount: r.amount,
      label: transactionLabels[r.kind as TransactionKind] ?? 'Buchung',
    }));
  }
}
