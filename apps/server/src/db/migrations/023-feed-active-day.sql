-- The feed ranks recently active members first (by UTC day of users.last_active_at), then near.
-- Ranking read the activity from users and the profile from profiles: at 1,000,000 members the
-- planner joined tens of thousands of rows to find a page (bench/load: a cold first page without a
-- radius took ~1 s on PostgreSQL). The day is now kept on the profile too, and one index holds
-- every column the ranking filters on, so a first page reads only the candidates of the last days.
-- Both copies are kept by triggers here, whoever writes the originals.
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

-- The home town's (snapped) coordinates on the profile too: distances are computed from the index
-- alone, and the town's name is read only for the page's rows (a join with every place cost more
-- than the ranking itself).
ALTER TABLE profiles ADD COLUMN place_lat float8, ADD COLUMN place_lon float8;

UPDATE profiles p SET place_lat = pl.lat, place_lon = pl.lon FROM places pl WHERE pl.id = p.place_id;

CREATE FUNCTION profile_place_coordinates() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  SELECT pl.lat, pl.lon INTO NEW.place_lat, NEW.place_lon FROM places pl WHERE pl.id = NEW.place_id;
  IF NOT FOUND THEN
    NEW.place_lat := NULL;
    NEW.place_lon := NULL;
  END IF;
  RETURN NEW;
END $$;
CREATE TRIGGER profiles_place_coordinates BEFORE INSERT OR UPDATE OF place_id ON profiles
  FOR EACH ROW EXECUTE FUNCTION profile_place_coordinates();

-- Candidates of a gender, by last active day, born within the viewer's age range, with every
-- other column the ranking checks or computes with alongside (an index-only scan).
CREATE INDEX profiles_rank_idx ON profiles (gender, active_day, birth_date)
  INCLUDE (user_id, place_id, place_lat, place_lon, age_min, age_max, interested_in, orientation_consent);
