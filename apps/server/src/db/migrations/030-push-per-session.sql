-- Issue 54: a device's Web Push subscription belongs to the session that subscribed it and ends
-- with it. Sessions end by being revoked (logout, "überall abmelden", a password change or reset,
-- suspension, erasure): the trigger deletes their subscriptions, with their pending pushes, in the
-- statement that revokes them. A session past its idle or absolute expiry gets no pushes (the push
-- channel only queues for live sessions) and is deleted by the daily cleanup, taking them along.
-- Subscriptions from before this migration name no session. Each goes to its member's most recently
-- used live session (pushes keep arriving without the member doing anything); one whose member has
-- no live session goes, as it would get no pushes. So a subscription from before ends at the latest
-- with that session (its logout, "überall abmelden", 30 days after its sign-in).
ALTER TABLE push_subscriptions ADD COLUMN session_id uuid REFERENCES sessions (id) ON DELETE CASCADE;
UPDATE push_subscriptions p SET session_id = (
  SELECT s.id FROM sessions s
   WHERE s.user_id = p.user_id AND s.revoked_at IS NULL AND s.expires_at > now() AND s.last_seen_at > now() - interval '7 days'
   ORDER BY s.last_seen_at DESC, s.id LIMIT 1);
DELETE FROM push_subscriptions WHERE session_id IS NULL;
ALTER TABLE push_subscriptions ALTER COLUMN session_id SET NOT NULL;
CREATE INDEX push_subscriptions_session_idx ON push_subscriptions (session_id);

CREATE FUNCTION sessions_end_push_subscriptions() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM push_subscriptions WHERE session_id = NEW.id;
  RETURN NULL;
END $$;
CREATE TRIGGER sessions_end_push_subscriptions AFTER UPDATE OF revoked_at ON sessions FOR EACH ROW
  WHEN (OLD.revoked_at IS NULL AND NEW.revoked_at IS NOT NULL) EXECUTE FUNCTION sessions_end_push_subscriptions();
