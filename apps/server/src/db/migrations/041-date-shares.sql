-- Issue 57 item 10: "Date teilen". A member shares a date plan (who, where, when, a note) with a
-- friend through a link; only the SHA-256 of its random token is kept. The partner is referenced
-- so the plan ends with his account (and his photo is shown only while it is approved and
-- shown), but nothing of it is his: he is not told, and it is not in his data.
CREATE TABLE date_shares (
  id uuid PRIMARY KEY,
  user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  partner_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  token_hash text NOT NULL UNIQUE,
  partner_name text NOT NULL CHECK (char_length(partner_name) BETWEEN 1 AND 100),
  photo_id uuid REFERENCES photos(id) ON DELETE SET NULL,
  place text NOT NULL CHECK (char_length(place) BETWEEN 1 AND 120),
  address text CHECK (address IS NULL OR char_length(address) BETWEEN 1 AND 200),
  note text CHECK (note IS NULL OR char_length(note) BETWEEN 1 AND 500),
  starts_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  CHECK (expires_at > starts_at)
);
CREATE INDEX date_shares_user_idx ON date_shares (user_id, starts_at);
CREATE INDEX date_shares_partner_idx ON date_shares (partner_id);
CREATE INDEX date_shares_expires_idx ON date_shares (expires_at);
