-- Domain events that must survive a crash (issue 55): written in the transaction of the change
-- they announce, dispatched after the commit by the process that made it and, should it die
-- first, by any process once the lease ran out (retry with backoff, given up after the last try).
-- The columns from created_at on are every outbox's (mail_outbox, push_outbox): one claim path.
-- The payload holds ids only; what a consumer shows is read when it is dispatched.
CREATE TABLE event_outbox (
  id bigserial PRIMARY KEY,
  name text NOT NULL CHECK (name IN ('match.created', 'message.created', 'flirt.created')),
  payload jsonb NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  attempts integer NOT NULL DEFAULT 0,
  next_attempt_at timestamptz NOT NULL DEFAULT now(),
  locked_until timestamptz,
  sent_at timestamptz,
  failed_at timestamptz,
  last_error text
);
CREATE INDEX event_outbox_due_idx ON event_outbox (next_attempt_at) WHERE sent_at IS NULL AND failed_at IS NULL;
CREATE INDEX event_outbox_sent_idx ON event_outbox (sent_at) WHERE sent_at IS NOT NULL;
CREATE INDEX event_outbox_failed_idx ON event_outbox (failed_at) WHERE failed_at IS NOT NULL;

-- A push per event and device once: an event dispatched again (its first dispatcher died after
-- writing the pushes) writes none twice. Rows from before have no event (NULLs never collide).
ALTER TABLE push_outbox ADD COLUMN event_id bigint;
CREATE UNIQUE INDEX push_outbox_event_idx ON push_outbox (event_id, subscription_id);
-- The queue gauge counts given-up pushes as it does mails.
CREATE INDEX push_outbox_failed_idx ON push_outbox (failed_at) WHERE failed_at IS NOT NULL;
