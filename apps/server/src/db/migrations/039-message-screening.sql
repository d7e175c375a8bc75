-- Issue 57 items 6 and 7 (docs/SAFETY.md, decision 0084). What the screening found in a message,
-- shown to its recipient only: `nudge` (the sender was asked "Bist du sicher?" and sent it anyway:
-- the recipient is asked "Stört dich das?") and `scam_hint` (money, or off-platform contact early on).
ALTER TABLE messages ADD COLUMN nudge text CHECK (nudge IN ('insult', 'threat', 'sexual'));
ALTER TABLE messages ADD COLUMN scam_hint text CHECK (scam_hint IN ('money', 'contact'));

-- One member sending the same phone number, IBAN, link, e-mail address or long text to many
-- members: only a keyed hash of the pattern (HMAC with a server secret), never the value, and the
-- recipients of the last day (rows older than a day are deleted by the screening job).
CREATE TABLE message_pattern_sightings (
  sender_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  pattern bytea NOT NULL,
  recipient_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  seen_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (sender_id, pattern, recipient_id)
);
CREATE INDEX message_pattern_sightings_seen_idx ON message_pattern_sightings (seen_at);

-- What the team sees ("Auffällige Nachrichten"): one row per member and pattern, kept until an
-- admin dismisses it and 30 days after that (then the pattern may be flagged again).
CREATE TABLE message_pattern_flags (
  id uuid PRIMARY KEY,
  sender_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  pattern bytea NOT NULL,
  kind text NOT NULL CHECK (kind IN ('phone', 'iban', 'link', 'email', 'text')),
  recipients integer NOT NULL CHECK (recipients > 0),
  flagged_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  dismissed_at timestamptz,
  dismissed_by uuid REFERENCES users (id) ON DELETE SET NULL,
  UNIQUE (sender_id, pattern)
);
CREATE INDEX message_pattern_flags_open_idx ON message_pattern_flags (updated_at DESC) WHERE dismissed_at IS NULL;
