-- Credits: a double-entry, append-only ledger. Every transaction's entries sum to zero (checked at
-- commit); member wallets and the escrow keep a cached balance that can never go below zero.
CREATE TABLE ledger_accounts (
  id bigserial PRIMARY KEY,
  kind text NOT NULL CHECK (kind IN ('wallet', 'escrow', 'rewards', 'sales', 'spending')),
  -- Set for wallets; cleared (not deleted) when the member's account is erased, for bookkeeping.
  user_id uuid UNIQUE REFERENCES users (id) ON DELETE SET NULL,
  balance bigint NOT NULL DEFAULT 0,
  -- Cached for wallets only (system accounts would be one hot row for every request): their sums come from the entries.
  CONSTRAINT ledger_accounts_balance_check CHECK (balance >= 0)
);
-- The system accounts, with fixed ids the code names.
INSERT INTO ledger_accounts (id, kind) VALUES (1, 'escrow'), (2, 'rewards'), (3, 'sales'), (4, 'spending');
SELECT setval('ledger_accounts_id_seq', 100);

CREATE TABLE ledger_transactions (
  id uuid PRIMARY KEY,
  kind text NOT NULL,
  -- What the movement belongs to (a message id, a purchase id, a reward period): for the history.
  reference text,
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE ledger_entries (
  id bigserial PRIMARY KEY,
  transaction_id uuid NOT NULL REFERENCES ledger_transactions (id),
  account_id bigint NOT NULL REFERENCES ledger_accounts (id),
  amount bigint NOT NULL CHECK (amount <> 0)
);
CREATE INDEX ledger_entries_account_idx ON ledger_entries (account_id, id);
CREATE INDEX ledger_entries_transaction_idx ON ledger_entries (transaction_id);

CREATE FUNCTION ledger_transaction_balanced() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF (SELECT sum(amount) FROM ledger_entries WHERE transaction_id = NEW.transaction_id) <> 0 THEN
    RAISE EXCEPTION 'ledger transaction % does not sum to zero', NEW.transaction_id USING ERRCODE = '23514';
  END IF;
  RETURN NULL;
END $$;
CREATE CONSTRAINT TRIGGER ledger_entries_balanced AFTER INSERT ON ledger_entries
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION ledger_transaction_balanced();

CREATE FUNCTION ledger_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'the ledger is append-only' USING ERRCODE = '55000';
END $$;
CREATE TRIGGER ledger_entries_append_only BEFORE UPDATE OR DELETE ON ledger_entries
  FOR EACH ROW EXECUTE FUNCTION ledger_append_only();
CREATE TRIGGER ledger_transactions_append_only BEFORE UPDATE OR DELETE ON ledger_transactions
  FOR EACH ROW EXECUTE FUNCTION ledger_append_only();

-- Idempotency-Key: the first answer to a (member, key) is kept and replayed; another body is a 409.
CREATE TABLE idempotency_keys (
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  key text NOT NULL,
  fingerprint text NOT NULL,
  response jsonb NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, key)
);
CREATE INDEX idempotency_keys_created_idx ON idempotency_keys (created_at);

-- Rewards: one row per claim and period ('2026-11-22' for daily ones, 'once' for one-off ones).
CREATE TABLE reward_claims (
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  kind text NOT NULL CHECK (kind IN ('login', 'upload_photo', 'get_vote')),
  period text NOT NULL,
  amount integer NOT NULL CHECK (amount >= 0),
  claimed_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, kind, period)
);

-- Purchases of credit packs: booked only from the payment provider's verified word.
CREATE TABLE purchases (
  id uuid PRIMARY KEY,
  user_id uuid REFERENCES users (id) ON DELETE SET NULL,
  pack_id text NOT NULL,
  credits integer NOT NULL CHECK (credits > 0),
  price_cents integer NOT NULL CHECK (price_cents > 0),
  provider text NOT NULL CHECK (provider IN ('test', 'stripe')),
  status text NOT NULL CHECK (status IN ('pending', 'paid', 'reversed')),
  provider_ref text,
  payment_intent text,
  checkout_url text,
  reversed_credits integer NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL DEFAULT now(),
  paid_at timestamptz
);
CREATE INDEX purchases_user_idx ON purchases (user_id, created_at);
CREATE UNIQUE INDEX purchases_payment_intent_key ON purchases (payment_intent);

-- Each webhook event is booked once.
CREATE TABLE payment_events (
  event_id text PRIMARY KEY,
  type text NOT NULL,
  received_at timestamptz NOT NULL DEFAULT now()
);

-- Messages between members. sender_id/recipient_id go NULL when an account is erased.
CREATE TABLE messages (
  id uuid PRIMARY KEY,
  client_id uuid NOT NULL,
  sender_id uuid REFERENCES users (id) ON DELETE SET NULL,
  recipient_id uuid REFERENCES users (id) ON DELETE SET NULL,
  body text NOT NULL CHECK (char_length(body) BETWEEN 1 AND 2000),
  prepaid_reply integer NOT NULL DEFAULT 0 CHECK (prepaid_reply >= 0),
  created_at timestamptz NOT NULL DEFAULT now(),
  read_at timestamptz
);
CREATE UNIQUE INDEX messages_client_key ON messages (sender_id, client_id);
CREATE INDEX messages_recipient_idx ON messages (recipient_id, created_at DESC, id DESC);
CREATE INDEX messages_pair_idx ON messages (
  LEAST(sender_id, recipient_id), GREATEST(sender_id, recipient_id), created_at DESC, id DESC
);
CREATE INDEX messages_unread_idx ON messages (recipient_id, sender_id) WHERE read_at IS NULL;

-- Prepaid replies: credits held in escrow until the first reply (released) or 7 days (refunded).
CREATE TABLE escrows (
  message_id uuid PRIMARY KEY REFERENCES messages (id) ON DELETE CASCADE,
  sender_id uuid REFERENCES users (id) ON DELETE SET NULL,
  recipient_id uuid REFERENCES users (id) ON DELETE SET NULL,
  sender_account bigint NOT NULL REFERENCES ledger_accounts (id),
  amount integer NOT NULL CHECK (amount > 0),
  status text NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'released', 'refunded')),
  expires_at timestamptz NOT NULL,
  settled_at timestamptz,
  settled_by uuid
);
CREATE INDEX escrows_open_pair_idx ON escrows (sender_id, recipient_id) WHERE status = 'open';
CREATE INDEX escrows_due_idx ON escrows (expires_at) WHERE status = 'open';
