-- Issue 57 item 1: which version of the AGB a member accepted, and when (at registration, by
-- e-mail or Google, or later on the new-version banner). users.terms_version is the one in force
-- for her (read with the session); terms_acceptances keeps every acceptance as the record.
-- Existing members have none: they see the banner on their next visit.
ALTER TABLE users ADD COLUMN terms_version text;
CREATE TABLE terms_acceptances (
  user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  version text NOT NULL,
  accepted_at timestamptz NOT NULL DEFAULT now(),
  -- 'register' (the form's notice), 'google' (the sign-up notice beside the button), 'update' (banner).
  source text NOT NULL CHECK (source IN ('register', 'google', 'update')),
  PRIMARY KEY (user_id, version)
);

-- § 356 (5) BGB: the express consent to immediate performance, recorded with the purchase, and
-- the AGB version it was made under (the confirmation mail repeats both).
ALTER TABLE purchases ADD COLUMN withdrawal_consent_at timestamptz;
ALTER TABLE purchases ADD COLUMN terms_version text;
