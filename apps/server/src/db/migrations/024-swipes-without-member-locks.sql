-- A swipe no longer locks the two members' rows. The foreign keys swipes.actor_id and
-- swipes.target_id made every insert check both users rows with SELECT ... FOR KEY SHARE: two row
-- locks per swipe, each a WAL record that dirties the member's heap page (a full-page image of it
-- at its first lock after a checkpoint), and a MultiXact when two members swipe the same member at
-- once. Swipes are most of a visit's writes; bench/load found "users Heap/LOCK" the largest source
-- of full-page images. Measured on the machine's PostgreSQL (1,000,000 members, 15,000 inserts of
-- the like's statement): 264-319 us of backend CPU and 8.3 KB of WAL per swipe with the keys,
-- 183-191 us and 0.5 KB without.
--
-- What the keys gave is kept:
-- - A swipe only on an existing member: the one statement that inserts a swipe (swipes.repo
--   insertFirstSwipe) inserts it only when it finds the target, unblocked, in users; the actor is
--   the signed-in member. A demo member's like back comes after the same statement found the pair.
-- - ON DELETE CASCADE: the trigger below deletes a member's swipes, both ways, with the users row,
--   whoever deletes it (the account erasure, a test).
-- A swipe racing an erasure (its statement read the member before the erasure committed) could be
-- left behind: a row naming a member no longer there, which no read shows (the reads join users,
-- and received flirts need their sender).
ALTER TABLE swipes DROP CONSTRAINT swipes_actor_id_fkey;
ALTER TABLE swipes DROP CONSTRAINT swipes_target_id_fkey;

CREATE FUNCTION users_delete_swipes() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- Two statements, so each can use its index: (actor_id, target_id) for the member's own swipes;
  -- swipes_target_idx holds the likes and flirts on them, the skips on them are scanned for (as
  -- the cascade did).
  DELETE FROM swipes WHERE actor_id IN (SELECT id FROM gone);
  DELETE FROM swipes WHERE target_id IN (SELECT id FROM gone);
  RETURN NULL;
END $$;
CREATE TRIGGER users_delete_swipes AFTER DELETE ON users REFERENCING OLD TABLE AS gone
  FOR EACH STATEMENT EXECUTE FUNCTION users_delete_swipes();
