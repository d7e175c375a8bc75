-- Statements of reasons (DSA Art. 17) and objections to them (Art. 20): modules/decisions.

CREATE TABLE decisions (
  id uuid PRIMARY KEY,
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  kind text NOT NULL CHECK (kind IN ('photo_refused_auto', 'photo_removed', 'message_removed', 'account_suspended', 'verification_refused')),
  -- The restricted photo, message, account or verification attempt (no foreign key: it may be deleted later).
  object_id uuid NOT NULL,
  -- Which object, in German words the member recognises (for a message: her own words, shortened).
  object_text text NOT NULL,
  facts text NOT NULL,
  rule text NOT NULL,
  automated_detection boolean NOT NULL,
  automated_decision boolean NOT NULL,
  decided_by uuid REFERENCES users (id) ON DELETE SET NULL,
  -- sha256 of the mailed link's token: the link shows the statement and takes the objection.
  token_hash text NOT NULL UNIQUE,
  created_at timestamptz NOT NULL DEFAULT now(),
  objection_until timestamptz NOT NULL,
  CHECK (objection_until > created_at)
);
CREATE INDEX decisions_member_idx ON decisions (user_id, created_at DESC);

-- One objection per decision (the primary key makes parallel submits one).
CREATE TABLE objections (
  decision_id uuid PRIMARY KEY REFERENCES decisions (id) ON DELETE CASCADE,
  id uuid NOT NULL UNIQUE,
  body text NOT NULL CHECK (length(body) BETWEEN 1 AND 2000),
  status text NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'upheld', 'reversed')),
  answer text,
  decided_by uuid REFERENCES users (id) ON DELETE SET NULL,
  decided_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  CHECK ((status = 'open') = (decided_at IS NULL) AND (status = 'open') = (answer IS NULL))
);
CREATE INDEX objections_open_idx ON objections (created_at) WHERE status = 'open';

-- A message the team removed keeps its words here (for a reversal); both members see a placeholder in body.
ALTER TABLE messages ADD COLUMN removed_body text;
