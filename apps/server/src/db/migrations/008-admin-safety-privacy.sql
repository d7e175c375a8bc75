-- Admin moderation, member safety and privacy (DSGVO).
ALTER TABLE users ADD COLUMN suspended_at timestamptz;
-- Who may write to the member: everyone, or only members the member liked (or flirted with).
ALTER TABLE users ADD COLUMN message_pref text NOT NULL DEFAULT 'everyone' CHECK (message_pref IN ('everyone', 'liked'));
ALTER TABLE users ADD COLUMN email_notifications boolean NOT NULL DEFAULT true;

-- Art. 9 DSGVO: gender and whom one wants to meet may reveal sexual orientation. The current state
-- is on the profile (a withdrawn consent hides the member from discovery); every change is kept.
ALTER TABLE profiles ADD COLUMN orientation_consent text CHECK (orientation_consent IN ('given', 'withdrawn'));
CREATE TABLE consents (
  id bigserial PRIMARY KEY,
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  kind text NOT NULL CHECK (kind IN ('orientation')),
  given boolean NOT NULL,
  at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX consents_user_idx ON consents (user_id, at);

CREATE TABLE reports (
  id uuid PRIMARY KEY,
  reporter_id uuid REFERENCES users (id) ON DELETE SET NULL,
  reported_id uuid REFERENCES users (id) ON DELETE SET NULL,
  photo_id uuid REFERENCES photos (id) ON DELETE SET NULL,
  message_id uuid REFERENCES messages (id) ON DELETE SET NULL,
  reason text NOT NULL,
  details text NOT NULL DEFAULT '',
  status text NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'resolved', 'dismissed')),
  created_at timestamptz NOT NULL DEFAULT now(),
  resolved_at timestamptz,
  resolved_by uuid REFERENCES users (id) ON DELETE SET NULL
);
CREATE INDEX reports_open_idx ON reports (status, created_at);
CREATE INDEX reports_reporter_idx ON reports (reporter_id);

CREATE TABLE audit_log (
  id bigserial PRIMARY KEY,
  admin_id uuid REFERENCES users (id) ON DELETE SET NULL,
  admin_email text NOT NULL,
  action text NOT NULL,
  target text NOT NULL DEFAULT '',
  details jsonb NOT NULL DEFAULT '{}',
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX audit_log_created_idx ON audit_log (created_at DESC);
