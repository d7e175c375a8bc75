-- One-time codes that carry a Google sign-in to /login?token= instead of a session token. Only
-- hashes are stored; binding_hash is the hash of an HttpOnly cookie set in the browser that finished
-- the OAuth flow, so a code is worthless in any other browser. Used or expired codes are deleted.
CREATE TABLE login_codes (
  code_hash text PRIMARY KEY,
  binding_hash text NOT NULL,
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  expires_at timestamptz NOT NULL
);
CREATE INDEX login_codes_expires_idx ON login_codes (expires_at);
