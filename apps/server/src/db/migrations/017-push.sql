-- Web Push: one row per browser (device) a member opted in on; an endpoint belongs to one member
-- at a time (subscribing again on a shared device moves it).
CREATE TABLE push_subscriptions (
  id bigserial PRIMARY KEY,
  user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  endpoint text NOT NULL UNIQUE,
  p256dh text NOT NULL,
  auth text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX push_subscriptions_user_idx ON push_subscriptions (user_id, created_at);

-- Notifications waiting for the push service, drained like mail_outbox (claim, lease, backoff).
-- A removed subscription takes its pending pushes with it.
CREATE TABLE push_outbox (
  id bigserial PRIMARY KEY,
  subscription_id bigint NOT NULL REFERENCES push_subscriptions(id) ON DELETE CASCADE,
  payload text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  attempts integer NOT NULL DEFAULT 0,
  next_attempt_at timestamptz NOT NULL DEFAULT now(),
  locked_until timestamptz,
  sent_at timestamptz,
  failed_at timestamptz,
  last_error text
);
CREATE INDEX push_outbox_due_idx ON push_outbox (next_attempt_at) WHERE sent_at IS NULL AND failed_at IS NULL;
CREATE INDEX push_outbox_subscription_idx ON push_outbox (subscription_id);
