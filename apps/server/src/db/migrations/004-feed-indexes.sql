-- Feed performance (measured by bench/feed at 1,000,000 members): the candidate search reads
-- indexes only. Candidates by gender and home town, born within the viewer's age range, with the
-- other matching columns alongside; this replaces profiles_gender_place_idx, which is its prefix.
DROP INDEX profiles_gender_place_idx;
CREATE INDEX profiles_feed_idx ON profiles (gender, place_id, birth_date) INCLUDE (user_id, age_min, age_max, interested_in);
-- Members active since a day, as one range scan (the feed's first try); replaces users_active_idx.
DROP INDEX users_active_idx;
CREATE INDEX users_active_id_idx ON users (last_active_at) INCLUDE (id);
-- Last activity by member, for ranking all candidates without reading users rows (the full query).
CREATE INDEX users_last_active_idx ON users (id) INCLUDE (last_active_at);
