import { type Selectable, sql } from 'kysely';
import type { Queryable } from '../../db/client.js';
import { typed } from '../../db/kysely.js';
import type { LedgerAccounts } from '../../db/schema.js';

/** The system accounts created by migration 005; member wallets get their own rows. */
export const SYSTEM_ACCOUNTS = { escrow: 1, rewards: 2, sales: 3, spending: 4 } as const;

/** The member's wallet account id, created on first use. */
export async function walletAccount(q: Queryable, userId: string): Promise<number> {
  const k = typed(q);
  const select = () => k.selectFrom('ledger_accounts').select('id').where('user_id', '=', userId).executeTakeFirst();
  const found = await select();
  if (found) return found.id;
  // A new statement after the insert on purpose: under READ COMMITTED, a SELECT in the same
  // statement as a conflicting INSERT would not see the row another transaction just committed.
  await k
    .insertInto('ledger_accounts')
    .values({ kind: 'wallet', user_id: userId })
    .onConflict((oc) => oc.column('user_id').doNothing())
    .execute();
  const created = await select();
  if (!created) throw new Error(`no wallet account for ${userId}`);
  return created.id;
}

/** A wallet's balance and its free part (what was not bought: rewards, collected prepaid replies). */
export type WalletState = Pick<Selectable<LedgerAccounts>, 'balance' | 'free'>;

export async function walletState(q: Queryable, userId: string): Promise<WalletState> {
  const row = await typed(q).selectFrom('ledger_accounts').select(['balance', 'free']).where('user_id', '=', userId).executeTakeFirst();
  return row ?? { balance: 0, free: 0 };
}

/** Locks a wallet row until the transaction ends: concurrent movements of one wallet queue here. */
export async function lockWallet(q: Queryable, account: number): Promise<WalletState> {
  const row = await typed(q)
    .selectFrom('ledger_accounts')
    .select(['balance', 'free'])
    .where('id', '=', account)
    .where('kind', '=', 'wallet')
    .forUpdate()
    .executeTakeFirst();
  if (!row) throw new Error(`ledger account ${account} is no wallet`);
  return row;
}

export async function setWallet(q: Queryable, account: number, state: WalletState): Promise<void> {
  await typed(q).updateTable('ledger_accounts').set({ balance: state.balance, free: state.free }).where('id', '=', account).execute();
}

export interface Entry {
  account: number;
  amount: number;
  /** How many of the amount's credits are free (same sign); 0 on system accounts. */
  free: number;
}

/** The transaction and its entries in one statement (the entries' foreign key is checked at its end). */
export async function insertTransaction(q: Queryable, id: string, kind: string, reference: string | null, entries: Entry[]): Promise<void> {
  await typed(q)
    .with('t', (db) => db.insertInto('ledger_transactions').values({ id, kind, reference }))
    .insertInto('ledger_entries')
    .values(entries.map((e) => ({ transaction_id: id, account_id: e.account, amount: e.amount, free: e.free })))
    .execute();
}

/** The newest movements of a member's wallet, one line per transaction (a reclassification nets to zero and stays out). */
export function walletHistory(q: Queryable, userId: string, limit: number) {
  return typed(q)
    .selectFrom('ledger_accounts as a')
    .innerJoin('ledger_entries as e', 'e.account_id', 'a.id')
    .innerJoin('ledger_transactions as t', 't.id', 'e.transaction_id')
    .select(['t.id as transaction_id', 't.kind', sql<number>`sum(e.amount)::int`.as('amount'), 't.created_at'])
    .where('a.user_id', '=', userId)
    .groupBy(['t.id', 't.kind', 't.created_at'])
    .having((eb) => eb.fn.sum('e.amount'), '<>', 0)
    .orderBy((eb) => eb.fn.max('e.id'), 'desc')
    .limit(limit)
    .execute();
}
