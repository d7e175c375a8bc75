-- Issue 54: the share page's preview image link (og:image) ends with the sharing. Its signature is
-- bound to share_key (profiles.service shareImage), a random value that changes whenever sharing is
-- switched off or on, by whatever path: a link issued before the switch never verifies again, so
-- switching sharing on again does not revive the old links. Serving also checks, at that moment,
-- that sharing is on, the member visible and the photo still their main photo.
ALTER TABLE profiles ADD COLUMN share_key uuid NOT NULL DEFAULT gen_random_uuid();

CREATE FUNCTION profiles_rotate_share_key() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.share_key := gen_random_uuid();
  RETURN NEW;
END $$;
CREATE TRIGGER profiles_rotate_share_key BEFORE UPDATE OF share_enabled ON profiles FOR EACH ROW
  WHEN (OLD.share_enabled IS DISTINCT FROM NEW.share_enabled) EXECUTE FUNCTION profiles_rotate_share_key();
