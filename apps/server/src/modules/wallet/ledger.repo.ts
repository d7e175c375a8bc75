import { type Selectable, sql } from 'kysely';
import type { Queryable } from '../../db/client.js';
import { compiledOnce } from '../../db/compiled-query.js';
import { among, typed } from '../../db/kysely.js';
import type { LedgerAccounts } from '../../db/schema.js';

/** The system accounts created by migration 005; member wallets get their own rows. */
export const SYSTEM_ACCOUNTS = { escrow: 1, rewards: 2, sales: 3, spending: 4 } as const;

/** A wallet's balance and its free part (what was not bought: rewards, collected prepaid replies). */
export type WalletState = Pick<Selectable<LedgerAccounts>, 'balance' | 'free'>;

export async function walletState(q: Queryable, memberId: string): Promise<WalletState> {
  return (await wallet.takeFirst(q, { memberId })) ?? { balance: 0, free: 0 };
}

/** Compiled once: the balance is read for every paid step and every wallet view. */
const wallet = compiledOnce((k, p: { memberId: string }) => k.selectFrom('ledger_accounts').select(['balance', 'free']).where('user_id', '=', p.memberId));

/** A wallet locked for a movement: its account, its member (null once the account was erased) and its state. */
export interface LockedWallet extends WalletState {
  id: number;
  user_id: string | null;
}

function lockStatement(q: Queryable, accounts: readonly number[], memberIds: readonly string[]) {
  return walletLock.execute(q, { accounts, memberIds });
}

/** Compiled once: every movement of credits locks its wallets with it (both lists are one array parameter each). */
const walletLock = compiledOnce((k, { accounts, memberIds }: { accounts: readonly number[]; memberIds: readonly string[] }) =>
  k
    .selectFrom('ledger_accounts')
    .select(['id', 'user_id', 'balance', 'free'])
    .where('kind', '=', 'wallet')
    .where((eb) =>
      eb.or([eb('id', '=', among(sql<number[]>`${accounts}::bigint[]`)), eb('user_id', '=', among(sql<string[]>`${memberIds}::uuid[]`))]),
    )
    // Rows are locked after the sort, so in id order: two movements of the same wallets cannot deadlock.
    .orderBy('id')
    .forUpdate(),
);

/**
 * Locks these wallet accounts and the wallets of these members until the transaction ends, in one
 * statement; concurrent movements of one wallet queue here. A member without a wallet gets one
 * first (then a second lock statement: under READ COMMITTED only a new statement sees a wallet
 * another transaction created meanwhile).
 */
export async function lockWallets(q: Queryable, accounts: readonly number[], memberIds: readonly string[]): Promise<LockedWallet[]> {
  const locked = await lockStatement(q, accounts, memberIds);
  const missing = memberIds.filter((u) => !locked.some((w) => w.user_id === u));
  if (missing.length === 0) return locked;
  await typed(q)
    .insertInto('ledger_accounts')
    .values(missing.map((user_id) => ({ kind: 'wallet', user_id })))
    .onConflict((oc) => oc.column('user_id').doNothing())
    .execute();
  return lockStatement(q, accounts, memberIds);
}

export interface Entry {
  account: number;
  amount: number;
  /** How many of the amount's credits are free (same sign); 0 on system accounts. */
  free: number;
}

/** One ledger transaction to book: its id, what it is and belongs to, its entries. */
export interface Transaction {
  id: string;
  kind: string;
  reference: string | null;
  entries: Entry[];
}

export interface Booking {
  transactions: Transaction[];
  /** The wallets' new cached state (after all the transactions), under the locks taken by lockWallets. */
  wallets: (WalletState & { id: number })[];
}

/**
 * The transactions, their entries and the wallets' new balances in one statement, with one text
 * for every size (arrays, not a value list per row). The entries' foreign keys are checked at the
 * statement's end, each transaction's sum at commit.
 */
export async function book(q: Queryable, b: Booking): Promise<void> {
  const { transactions: t, wallets: w } = b;
  const e = t.flatMap((x) => x.entries.map((entry) => ({ transaction: x.id, ...entry })));
  await sql`
    WITH t AS (
      INSERT INTO ledger_transactions (id, kind, reference)
      SELECT * FROM unnest(${t.map((x) => x.id)}::uuid[], ${t.map((x) => x.kind)}::text[], ${t.map((x) => x.reference)}::text[])
    ), w AS (
      UPDATE ledger_accounts AS a SET balance = v.balance, free = v.free
      FROM unnest(${w.map((x) => x.id)}::bigint[], ${w.map((x) => x.balance)}::bigint[], ${w.map((x) => x.free)}::bigint[]) AS v (id, balance, free)
      WHERE a.id = v.id AND a.kind = 'wallet'
    )
    INSERT INTO ledger_entries (transaction_id, account_id, amount, free)
    SELECT e.transaction, e.account, e.amount, e.free
    FROM unnest(${e.map((x) => x.transaction)}::uuid[], ${e.map((x) => x.account)}::bigint[], ${e.map((x) => x.amount)}::bigint[], ${e.map((x) => x.free)}::bigint[])
      AS e (transaction, account, amount, free)
  `.execute(typed(q));
}

/** The newest movements of a member's wallet, one line per transaction (a reclassification nets to zero and stays out). */
export function walletHistory(q: Queryable, memberId: string, limit: number) {
  return typed(q)
    .selectFrom('ledger_accounts as a')
    .innerJoin('ledger_entries as e', 'e.account_id', 'a.id')
    .innerJoin('ledger_transactions as t', 't.id', 'e.transaction_id')
    .select(['t.id as transaction_id', 't.kind', sql<number>`sum(e.amount)::int`.as('amount'), 't.created_at'])
    .where('a.user_id', '=', memberId)
    .groupBy(['t.id', 't.kind', 't.created_at'])
    .having((eb) => eb.fn.sum('e.amount'), '<>', 0)
    .orderBy((eb) => eb.fn.max('e.id'), 'desc')
    .limit(limit)
    .execute();
}
