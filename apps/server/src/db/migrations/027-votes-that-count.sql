-- Issue 54: the votes of a suspended or deleted account stop counting, at once, and a lifted
-- suspension counts them again. photo_scores stays the number of votes that count (voter there and
-- not suspended) for every month not frozen yet; a frozen month's archive is never re-ranked.
--
-- photo_scores_shift moves these voters' votes out of (delta -1) or back into (+1) the scores of
-- the months not frozen yet, in the transaction that suspends, lifts or deletes (triggers below, so
-- every path that does so is covered). It is relative (score - n), so votes for other voters that
-- commit meanwhile are never overwritten. The SHARE lock on photo_votes waits for votes under way
-- (a vote that read the voter before the change is then counted and moved) and holds new ones
-- until the commit; those then read the voter's row themselves (leaderboard.repo castVote) and
-- are not cast. Suspensions and erasures are rare; votes wait for their few statements.
--
-- reached (the tie-breaker: the id of the vote that brought the score) stays the newest vote that
-- counts: when the moved vote was that one, the newest remaining vote that counts takes its place.
CREATE FUNCTION photo_scores_shift(voters uuid[], delta integer) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF cardinality(voters) = 0 THEN RETURN; END IF;
  LOCK TABLE photo_votes IN SHARE MODE;
  IF delta > 0 THEN
    INSERT INTO photo_scores AS s (category, month, photo_id, user_id, score, reached)
    SELECT v.category, v.month, v.photo_id, v.owner_id, count(*)::int, max(v.id)
      FROM photo_votes v
     WHERE v.voter_id = ANY(voters) AND NOT EXISTS (SELECT 1 FROM leaderboard_frozen f WHERE f.month = v.month)
     GROUP BY v.category, v.month, v.photo_id, v.owner_id
        ON CONFLICT (category, month, photo_id)
        DO UPDATE SET score = s.score + EXCLUDED.score, reached = GREATEST(s.reached, EXCLUDED.reached);
    RETURN;
  END IF;
  -- One statement: the scores these votes made alone go, the others lose them (disjoint rows).
  WITH moved AS (
    SELECT v.category, v.month, v.photo_id, count(*)::int AS n
      FROM photo_votes v
     WHERE v.voter_id = ANY(voters) AND NOT EXISTS (SELECT 1 FROM leaderboard_frozen f WHERE f.month = v.month)
     GROUP BY v.category, v.month, v.photo_id
  ), emptied AS (
    DELETE FROM photo_scores s USING moved m
     WHERE s.category = m.category AND s.month = m.month AND s.photo_id = m.photo_id AND s.score <= m.n
  )
  UPDATE photo_scores s
     SET score = s.score - m.n,
         reached = CASE WHEN NOT EXISTS (SELECT 1 FROM photo_votes d WHERE d.id = s.reached AND d.voter_id = ANY(voters))
                        THEN s.reached
                        ELSE COALESCE((SELECT max(c.id) FROM photo_votes c
                                         JOIN users u ON u.id = c.voter_id AND u.suspended_at IS NULL
                                        WHERE c.photo_id = s.photo_id AND c.month = s.month AND c.category = s.category
                                          AND c.voter_id <> ALL(voters)), s.reached) END
    FROM moved m
   WHERE s.category = m.category AND s.month = m.month AND s.photo_id = m.photo_id AND s.score > m.n;
END $$;

CREATE FUNCTION users_suspension_votes() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM photo_scores_shift(ARRAY[NEW.id], CASE WHEN NEW.suspended_at IS NULL THEN 1 ELSE -1 END);
  RETURN NULL;
END $$;
CREATE TRIGGER users_suspension_votes AFTER UPDATE OF suspended_at ON users FOR EACH ROW
  WHEN ((OLD.suspended_at IS NULL) <> (NEW.suspended_at IS NULL)) EXECUTE FUNCTION users_suspension_votes();

-- Migration 026's cascade, now with the erased voters' votes moved out first (a suspended one's
-- were moved at the suspension), while voter_id still names them.
CREATE OR REPLACE FUNCTION users_delete_votes() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM photo_scores_shift(ARRAY(SELECT id FROM gone WHERE suspended_at IS NULL), -1);
  DELETE FROM photo_votes WHERE owner_id IN (SELECT id FROM gone);
  UPDATE photo_votes SET voter_id = NULL WHERE voter_id IN (SELECT id FROM gone);
  DELETE FROM photo_scores WHERE user_id IN (SELECT id FROM gone);
  RETURN NULL;
END $$;

-- The months not frozen yet, recounted once from the votes that count now (votes of accounts
-- suspended or erased before this migration counted until now).
DELETE FROM photo_scores s WHERE NOT EXISTS (SELECT 1 FROM leaderboard_frozen f WHERE f.month = s.month);
INSERT INTO photo_scores (category, month, photo_id, user_id, score, reached)
SELECT v.category, v.month, v.photo_id, v.owner_id, count(*)::int, max(v.id)
  FROM photo_votes v
  JOIN users u ON u.id = v.voter_id AND u.suspended_at IS NULL
 WHERE NOT EXISTS (SELECT 1 FROM leaderboard_frozen f WHERE f.month = v.month)
 GROUP BY v.category, v.month, v.photo_id, v.owner_id;
