-- Sent mails carry links with live tokens and addresses of members who may have left: they are
-- deleted after 7 days, given-up ones after 30 (a human may want to look first).
CREATE INDEX mail_outbox_sent_idx ON mail_outbox (sent_at) WHERE sent_at IS NOT NULL;
CREATE INDEX mail_outbox_failed_idx ON mail_outbox (failed_at) WHERE failed_at IS NOT NULL;
