import type { Queryable } from '../../db/client.js';

/** The system accounts created by migration 005; member wallets get their own rows. */
export const SYSTEM_ACCOUNTS = { escrow: 1, rewards: 2, sales: 3, spending: 4 } as const;

/** The member's wallet account id, created on first use. */
export async function walletAccount(q: Queryable, userId: string): Promise<number> {
  // Two statements on purpose: under READ COMMITTED, a SELECT in the same statement as a conflicting
  // INSERT would not see the row another transaction just committed.
  await q.query("INSERT INTO ledger_accounts (kind, user_id) VALUES ('wallet', $1) ON CONFLICT (user_id) DO NOTHING", [userId]);
  const rows = await q.query<{ id: number }>('SELECT id::int AS id FROM ledger_accounts WHERE user_id = $1', [userId]);
  return rows[0]!.id;
}

export type WalletState = {
  balance: number;
  /** The part of the balance that was not bought (rewards, collected prepaid replies). */
  free: number;
};

export async function walletState(q: Queryable, userId: string): Promise<WalletState> {
  const rows = await q.query<WalletState>('SELECT balance::int AS balance, free::int AS free FROM ledger_accounts WHERE user_id = $1', [userId]);
  return rows[0] ?? { balance: 0, free: 0 };
}

/** Locks a wallet row until the transaction ends: concurrent movements of one wallet queue here. */
export async function lockWallet(q: Queryable, account: number): Promise<WalletState> {
  const rows = await q.query<WalletState>(
    "SELECT balance::int AS balance, free::int AS free FROM ledger_accounts WHERE id = $1 AND kind = 'wallet' FOR UPDATE",
    [account],
  );
  if (!rows[0]) throw new Error(`ledger account ${account} is no wallet`);
  return rows[0];
}

export async function setWallet(q: Queryable, account: number, state: WalletState): Promise<void> {
  await q.query('UPDATE ledger_accounts SET balance = $2, free = $3 WHERE id = $1', [account, state.balance, state.free]);
}

export interface Entry {
  account: number;
  amount: number;
  /** How many of the amount's credits are free (same sign); 0 on system accounts. */
  free: number;
}

export async function insertTransaction(q: Queryable, id: string, kind: string, reference: string | null, entries: Entry[]): Promise<void> {
  await q.query('INSERT INTO ledger_transactions (id, kind, reference) VALUES ($1, $2, $3)', [id, kind, reference]);
  await q.query(
    `INSERT INTO ledger_entries (transaction_id, account_id, amount, free)
     SELECT $1, a, m, f FROM unnest($2::bigint[], $3::bigint[], $4::bigint[]) AS t(a, m, f)`,
    [id, entries.map((e) => e.account), entries.map((e) => e.amount), entries.map((e) => e.free)],
  );
}

export type HistoryRow = {
  transaction_id: string;
  kind: string;
  amount: number;
  created_at: Date;
};

/** The newest movements of a member's wallet, one line per transaction (a reclassification nets to zero and stays out). */
export function walletHistory(q: Queryable, userId: string, limit: number): Promise<HistoryRow[]> {
  return q.query<HistoryRow>(
    `SELECT t.id AS transaction_id, t.kind, sum(e.amount)::int AS amount, t.created_at
       FROM ledger_accounts a
       JOIN ledger_entries e ON e.account_id = a.id
       JOIN ledger_transactions t ON t.id = e.transaction_id
      WHERE a.user_id = $1
      GROUP BY t.id, t.kind, t.created_at
     HAVING sum(e.amount) <> 0
      ORDER BY max(e.id) DESC
      LIMIT $2`,
    [userId, limit],
  );
}
