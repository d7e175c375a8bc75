import type { Queryable } from '../../db/client.js';

/** The system accounts created by migration 005; member wallets get their own rows. */
export const SYSTEM_ACCOUNTS = { escrow: 1, rewards: 2, sales: 3, spending: 4 } as const;

export interface Leg {
  account: number;
  amount: number;
}

/** The member's wallet account id, created on first use. */
export async function walletAccount(q: Queryable, userId: string): Promise<number> {
  // Two statements on purpose: under READ COMMITTED, a SELECT in the same statement as a conflicting
  // INSERT would not see the row another transaction just committed.
  await q.query("INSERT INTO ledger_accounts (kind, user_id) VALUES ('wallet', $1) ON CONFLICT (user_id) DO NOTHING", [userId]);
  const rows = await q.query<{ id: number }>('SELECT id::int AS id FROM ledger_accounts WHERE user_id = $1', [userId]);
  return rows[0]!.id;
}

export async function walletBalance(q: Queryable, userId: string): Promise<number> {
  const rows = await q.query<{ balance: number }>('SELECT balance::int AS balance FROM ledger_accounts WHERE user_id = $1', [userId]);
  return rows[0]?.balance ?? 0;
}

export async function accountBalance(q: Queryable, account: number): Promise<number> {
  const rows = await q.query<{ balance: number }>('SELECT balance::int AS balance FROM ledger_accounts WHERE id = $1', [account]);
  return rows[0]?.balance ?? 0;
}

/**
 * Changes a wallet's cached balance; returns the new balance, or undefined when it would go below
 * zero (nothing changed then). The row lock serialises concurrent spends of one wallet.
 */
export async function moveWalletBalance(q: Queryable, account: number, amount: number): Promise<number | undefined> {
  const rows = await q.query<{ balance: number }>(
    `UPDATE ledger_accounts SET balance = balance + $2
      WHERE id = $1 AND kind = 'wallet' AND balance + $2 >= 0 RETURNING balance::int AS balance`,
    [account, amount],
  );
  return rows[0]?.balance;
}

export async function insertTransaction(q: Queryable, id: string, kind: string, reference: string | null, legs: Leg[]): Promise<void> {
  await q.query('INSERT INTO ledger_transactions (id, kind, reference) VALUES ($1, $2, $3)', [id, kind, reference]);
  await q.query(
    `INSERT INTO ledger_entries (transaction_id, account_id, amount)
     SELECT $1, a, m FROM unnest($2::bigint[], $3::bigint[]) AS t(a, m)`,
    [id, legs.map((l) => l.account), legs.map((l) => l.amount)],
  );
}

export type HistoryRow = {
  transaction_id: string;
  kind: string;
  amount: number;
  created_at: Date;
};

/** The newest movements of a member's wallet. */
export function walletHistory(q: Queryable, userId: string, limit: number): Promise<HistoryRow[]> {
  return q.query<HistoryRow>(
    `SELECT t.id AS transaction_id, t.kind, e.amount::int AS amount, t.created_at
       FROM ledger_accounts a
       JOIN ledger_entries e ON e.account_id = a.id
       JOIN ledger_transactions t ON t.id = e.transaction_id
      WHERE a.user_id = $1
      ORDER BY e.id DESC
      LIMIT $2`,
    [userId, limit],
  );
}
