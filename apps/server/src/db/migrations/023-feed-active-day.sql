-- The feed ranks recently active members first (by UTC day of users.last_active_at), then near.
-- Ranking read the activity from users and the profile from profiles: at 1,000,000 members the
-- planner joined tens of thousands of rows to find a page (bench/load: a cold first page without a
-- radius took ~1 s on PostgreSQL). The day is now kept on the profile too, and one index holds
-- every column the ranking filters on, so a first page reads only the candidates of the last days.
ALTER TABLE profiles ADD COLUMN active_day integer NOT NULL DEFAULT 0;

UPDATE profiles p SET active_day = floor(extract(epoch FROM u.last_active_at) / 86400)::int
  FROM users u WHERE u.id = p.user_id;

-- Kept equal to the user's by the database itself, whoever writes last_active_at. An insert that
-- names the day itself (bulk generation for benchmarks) is trusted with it.
CREATE FUNCTION profile_active_day_on_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.active_day = 0 THEN
    NEW.active_day := coalesce((SELECT floor(extract(epoch FROM u.last_active_at) / 86400)::int FROM users u WHERE u.id = NEW.user_id), 0);
  END IF;
  RETURN NEW;
END $$;
CREATE TRIGGER profiles_active_day BEFORE INSERT ON profiles FOR EACH ROW EXECUTE FUNCTION profile_active_day_on_insert();

CREATE FUNCTION user_active_day_to_profile() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE profiles SET active_day = floor(extract(epoch FROM NEW.last_active_at) / 86400)::int WHERE user_id = NEW.id;
  RETURN NULL;
END $$;
-- Only when the day changes: "last seen" is written at most once a minute per session, the day once a day.
CREATE TRIGGER users_active_day AFTER UPDATE OF last_active_at ON users FOR EACH ROW
  WHEN (floor(extract(epoch FROM NEW.last_active_at) / 86400) IS DISTINCT FROM floor(extract(epoch FROM OLD.last_active_at) / 86400))
  EXECUTE FUNCTION user_active_day_to_profile();

-- Candidates of a gender, most recently active days first, born within the viewer's age range,
-- with every other column the ranking checks alongside (an index-only scan).
CREATE INDEX profiles_rank_idx ON profiles (gender, active_day, birth_date)
  INCLUDE (user_id, place_id, age_min, age_max, interested_in, orientation_consent);
