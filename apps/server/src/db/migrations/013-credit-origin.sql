-- Where credits came from (docs/CREDITS.md): every ledger entry records how many of its credits are
-- "free", i.e. not bought (rewards, collected prepaid replies); wallets cache that part beside their
-- balance. Free credits pass to other members through prepaid replies only up to a daily cap.
ALTER TABLE ledger_entries ADD COLUMN free bigint NOT NULL DEFAULT 0;
ALTER TABLE ledger_entries ADD CONSTRAINT ledger_entries_free_check CHECK (abs(free) <= abs(amount) AND free * amount >= 0);
ALTER TABLE ledger_accounts ADD COLUMN free bigint NOT NULL DEFAULT 0;
ALTER TABLE ledger_accounts ADD CONSTRAINT ledger_accounts_free_check CHECK (free >= 0 AND free <= balance);
-- The free part of the credits an escrow holds: a refund gives them back as they were.
ALTER TABLE escrows ADD COLUMN free integer NOT NULL DEFAULT 0;
ALTER TABLE escrows ADD CONSTRAINT escrows_free_check CHECK (free >= 0 AND free <= amount);

-- Existing credits of unknown origin count as bought up to what the member bought and kept (paid
-- packs minus reversals), the rest as free: an account that never bought anything holds only
-- rewards and collected replies. The reclassification is an ordinary balanced transaction.
CREATE TEMP TABLE credit_opening ON COMMIT DROP AS
SELECT a.id AS account_id, gen_random_uuid() AS transaction_id,
       a.balance - LEAST(a.balance, GREATEST(COALESCE(b.bought, 0), 0)) AS free
  FROM ledger_accounts a
  LEFT JOIN (SELECT e.account_id, sum(e.amount) AS bought
               FROM ledger_entries e JOIN ledger_transactions t ON t.id = e.transaction_id
              WHERE t.kind IN ('purchase', 'purchase.reversal')
              GROUP BY e.account_id) b ON b.account_id = a.id
 WHERE a.kind = 'wallet' AND a.balance > 0;
INSERT INTO ledger_transactions (id, kind) SELECT transaction_id, 'origin.opening' FROM credit_opening WHERE free > 0;
INSERT INTO ledger_entries (transaction_id, account_id, amount, free)
SELECT transaction_id, account_id, -free, 0 FROM credit_opening WHERE free > 0
UNION ALL
SELECT transaction_id, account_id, free, free FROM credit_opening WHERE free > 0;
UPDATE ledger_accounts a SET free = o.free FROM credit_opening o WHERE o.account_id = a.id;
-- Open prepaid replies of unknown origin: free (they are refunded within 7 days at most).
UPDATE escrows SET free = amount WHERE status = 'open';
