-- A vote no longer locks the photo's and the two members' rows, for the reason of migration 024:
-- each foreign key of photo_votes (photo, owner, voter) and of photo_scores (photo, owner; checked
-- when a photo's month starts) locked its row FOR KEY SHARE on every insert, a WAL record each and
-- a full-page image at a page's first lock after a checkpoint. bench:load, 12/s step: "photos
-- Heap/LOCK" 1,513 full-page images (7.8 MB) for 1,619 votes, the largest item of the WAL, and a
-- share of "users Heap/LOCK" (the owner is a random member).
--
-- What the keys gave is kept:
-- - A vote only for a photo that exists: the vote's transaction reads the photo (approved, entered,
--   its owner not suspended) before its one insert statement (leaderboard.repo findVotablePhoto,
--   castVote); owner and voter come from that read and from the session.
-- - The cascades, by the triggers below: a photo's votes and scores go with the photo, the owner's
--   with the owner; a voter's votes stay, without the voter (ON DELETE SET NULL).
-- A vote racing the deletion of its photo can stay behind, as a swipe can (migration 024): the Top10
-- and the month's freeze only count photos that are there.
ALTER TABLE photo_votes DROP CONSTRAINT photo_votes_photo_id_fkey;
ALTER TABLE photo_votes DROP CONSTRAINT photo_votes_owner_id_fkey;
ALTER TABLE photo_votes DROP CONSTRAINT photo_votes_voter_id_fkey;
ALTER TABLE photo_scores DROP CONSTRAINT photo_scores_photo_id_fkey;
ALTER TABLE photo_scores DROP CONSTRAINT photo_scores_user_id_fkey;

CREATE FUNCTION photos_delete_votes() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM photo_votes WHERE photo_id IN (SELECT id FROM gone);
  DELETE FROM photo_scores WHERE photo_id IN (SELECT id FROM gone);
  RETURN NULL;
END $$;
CREATE TRIGGER photos_delete_votes AFTER DELETE ON photos REFERENCING OLD TABLE AS gone
  FOR EACH STATEMENT EXECUTE FUNCTION photos_delete_votes();

CREATE FUNCTION users_delete_votes() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM photo_votes WHERE owner_id IN (SELECT id FROM gone);
  UPDATE photo_votes SET voter_id = NULL WHERE voter_id IN (SELECT id FROM gone);
  DELETE FROM photo_scores WHERE user_id IN (SELECT id FROM gone);
  RETURN NULL;
END $$;
CREATE TRIGGER users_delete_votes AFTER DELETE ON users REFERENCING OLD TABLE AS gone
  FOR EACH STATEMENT EXECUTE FUNCTION users_delete_votes();
