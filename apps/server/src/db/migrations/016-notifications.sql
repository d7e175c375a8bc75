-- Member settings for issue 17: read receipts, e-mail per kind (under the email_notifications
-- master switch) and push previews (off by default: a lock screen shows no message text).
ALTER TABLE users
  ADD COLUMN read_receipts boolean NOT NULL DEFAULT true,
  ADD COLUMN email_on_match boolean NOT NULL DEFAULT true,
  ADD COLUMN email_on_message boolean NOT NULL DEFAULT true,
  ADD COLUMN email_on_flirt boolean NOT NULL DEFAULT true,
  ADD COLUMN push_previews boolean NOT NULL DEFAULT false;

-- One notification mail per subject (the other member's id, or 'flirt' for anonymous flirts) until
-- the member comes back; their next authenticated request or socket connect deletes their marks.
CREATE TABLE notification_marks (
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  subject text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, subject)
);

-- Extra mail headers (List-Unsubscribe on notification mails), as a JSON object of strings.
ALTER TABLE mail_outbox ADD COLUMN headers jsonb;
