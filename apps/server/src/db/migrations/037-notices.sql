-- Issue 57 items 2, 4 and 8: notices by anyone (DSA Art. 16), the reporter told the outcome
-- (Art. 16(5)), and the last messages of a conversation attached with the reporter's consent.
-- A report row is also a visitor's notice: `channel` says which door it came through.
ALTER TABLE reports ADD COLUMN channel text NOT NULL DEFAULT 'report' CHECK (channel IN ('report', 'notice'));
-- The reporter confirmed that her statements are accurate and complete (Art. 16(2)(d)).
ALTER TABLE reports ADD COLUMN good_faith boolean NOT NULL DEFAULT false;
-- Where a visitor wants the answer; cleared when the outcome mail is written (docs/SAFETY.md).
ALTER TABLE reports ADD COLUMN reporter_email text CHECK (length(reporter_email) <= 254);
-- The attached messages: [{ "from": "reporter" | "reported", "body": text, "sentAt": iso }], at most 10.
ALTER TABLE reports ADD COLUMN evidence jsonb;
-- The admin's optional note to the reporter, sent with the decision.
ALTER TABLE reports ADD COLUMN reporter_note text CHECK (length(reporter_note) <= 500);
CREATE INDEX reports_decided_idx ON reports (resolved_at) WHERE resolved_at IS NOT NULL;
