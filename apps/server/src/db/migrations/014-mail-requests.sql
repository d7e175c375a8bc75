-- Signed-out requests for a mail (verification resend, password reset). The request only records
-- the address, so known and unknown ones take the same path; a worker looks the account up and
-- issues the mail shortly after, removing the row in the same transaction. Rows live seconds.
CREATE TABLE mail_requests (
  id bigserial PRIMARY KEY,
  kind text NOT NULL CHECK (kind IN ('verify', 'reset')),
  email text NOT NULL,
  attempts integer NOT NULL DEFAULT 0 CHECK (attempts >= 0),
  created_at timestamptz NOT NULL DEFAULT now()
);
