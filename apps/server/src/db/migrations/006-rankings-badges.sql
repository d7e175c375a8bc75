-- Photo voting: members enter their photo into categories; votes count per Berlin month.
CREATE TABLE photo_entries (
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  category text NOT NULL CHECK (category IN ('age', 'sex', 'face', 'full_body', 'vacation', 'bikini')),
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, category)
);
CREATE INDEX photo_entries_category_idx ON photo_entries (category, user_id);

-- One vote per voter, photo and month (whatever the category it was cast in).
CREATE TABLE photo_votes (
  id bigserial PRIMARY KEY,
  photo_id uuid NOT NULL REFERENCES photos (id) ON DELETE CASCADE,
  owner_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  voter_id uuid REFERENCES users (id) ON DELETE SET NULL,
  category text NOT NULL,
  month text NOT NULL,
  day date NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  CHECK (voter_id IS DISTINCT FROM owner_id)
);
CREATE UNIQUE INDEX photo_votes_once_key ON photo_votes (photo_id, voter_id, month);
CREATE INDEX photo_votes_owner_day_idx ON photo_votes (owner_id, day);
CREATE INDEX photo_votes_voter_idx ON photo_votes (voter_id, month, category);

-- Running score per category, month and photo, kept with each vote: the Top10 reads ten index
-- entries instead of counting votes. reached = the id of the vote that brought the current score
-- (ties go to whoever reached it first).
CREATE TABLE photo_scores (
  category text NOT NULL,
  month text NOT NULL,
  photo_id uuid NOT NULL REFERENCES photos (id) ON DELETE CASCADE,
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  score integer NOT NULL CHECK (score > 0),
  reached bigint NOT NULL,
  PRIMARY KEY (category, month, photo_id)
);
CREATE INDEX photo_scores_rank_idx ON photo_scores (category, month, score DESC, reached);

-- A finished month's Top10, frozen once (later deletions only hide entries, they never re-rank).
CREATE TABLE leaderboard_archive (
  category text NOT NULL,
  month text NOT NULL,
  rank integer NOT NULL CHECK (rank BETWEEN 1 AND 10),
  user_id uuid,
  photo_id uuid,
  name text NOT NULL,
  score integer NOT NULL,
  PRIMARY KEY (category, month, rank)
);
CREATE TABLE leaderboard_frozen (
  month text PRIMARY KEY,
  frozen_at timestamptz NOT NULL DEFAULT now()
);

-- Badges, once per member, kind and scope ('' or e.g. 'bikini:2026-11').
CREATE TABLE badges (
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  kind text NOT NULL,
  scope text NOT NULL DEFAULT '',
  awarded_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, kind, scope)
);

-- What members already did before badges existed.
INSERT INTO badges (user_id, kind) SELECT id, 'email_verified' FROM users WHERE email_verified;
INSERT INTO badges (user_id, kind) SELECT user_id, 'photo_approved' FROM photos WHERE status = 'approved';
INSERT INTO badges (user_id, kind) SELECT DISTINCT u, 'first_match' FROM (SELECT user_a AS u FROM matches UNION SELECT user_b FROM matches) m;
INSERT INTO badges (user_id, kind) SELECT DISTINCT sender_id, 'first_message' FROM messages WHERE sender_id IS NOT NULL;

-- Badges follow the deeds, whichever code path records them (once: ON CONFLICT DO NOTHING).
CREATE FUNCTION award_badge(member uuid, badge text, badge_scope text) RETURNS void LANGUAGE sql AS $$
  INSERT INTO badges (user_id, kind, scope) VALUES (member, badge, badge_scope) ON CONFLICT DO NOTHING;
$$;

CREATE FUNCTION badge_email_verified() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.email_verified THEN PERFORM award_badge(NEW.id, 'email_verified', ''); END IF;
  RETURN NULL;
END $$;
CREATE TRIGGER users_badge_email_verified AFTER INSERT OR UPDATE OF email_verified ON users
  FOR EACH ROW EXECUTE FUNCTION badge_email_verified();

CREATE FUNCTION badge_photo_approved() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.status = 'approved' AND NEW.disabled_at IS NULL THEN PERFORM award_badge(NEW.user_id, 'photo_approved', ''); END IF;
  RETURN NULL;
END $$;
CREATE TRIGGER photos_badge_approved AFTER INSERT OR UPDATE OF status, disabled_at ON photos
  FOR EACH ROW EXECUTE FUNCTION badge_photo_approved();

CREATE FUNCTION badge_first_match() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM award_badge(NEW.user_a, 'first_match', '');
  PERFORM award_badge(NEW.user_b, 'first_match', '');
  RETURN NULL;
END $$;
CREATE TRIGGER matches_badge_first AFTER INSERT ON matches FOR EACH ROW EXECUTE FUNCTION badge_first_match();

CREATE FUNCTION badge_first_message() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.sender_id IS NOT NULL THEN PERFORM award_badge(NEW.sender_id, 'first_message', ''); END IF;
  RETURN NULL;
END $$;
CREATE TRIGGER messages_badge_first AFTER INSERT ON messages FOR EACH ROW EXECUTE FUNCTION badge_first_message();

CREATE FUNCTION badge_votes_50() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM badges WHERE user_id = NEW.voter_id AND kind = 'votes_50')
     AND (SELECT count(*) FROM photo_votes WHERE voter_id = NEW.voter_id) >= 50 THEN
    PERFORM award_badge(NEW.voter_id, 'votes_50', '');
  END IF;
  RETURN NULL;
END $$;
CREATE TRIGGER photo_votes_badge_50 AFTER INSERT ON photo_votes FOR EACH ROW EXECUTE FUNCTION badge_votes_50();

CREATE FUNCTION badge_top10() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.user_id IS NOT NULL THEN PERFORM award_badge(NEW.user_id, 'top10', NEW.category || ':' || NEW.month); END IF;
  RETURN NULL;
END $$;
CREATE TRIGGER leaderboard_archive_badge AFTER INSERT ON leaderboard_archive FOR EACH ROW EXECUTE FUNCTION badge_top10();
