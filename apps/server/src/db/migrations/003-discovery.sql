-- Discovery: activity, premium, demo marker, swipes (like/flirt/skip), matches and blocks.
ALTER TABLE users ADD COLUMN last_active_at timestamptz NOT NULL DEFAULT now();
ALTER TABLE users ADD COLUMN premium_until timestamptz;
ALTER TABLE users ADD COLUMN is_demo boolean NOT NULL DEFAULT false;

ALTER TABLE photos ADD COLUMN blur_key text;

CREATE TABLE swipes (
  id uuid PRIMARY KEY,
  actor_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  target_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  kind text NOT NULL CHECK (kind IN ('like', 'flirt', 'skip')),
  created_at timestamptz NOT NULL DEFAULT now(),
  CHECK (actor_id <> target_id),
  UNIQUE (actor_id, target_id)
);
CREATE INDEX swipes_target_idx ON swipes (target_id, actor_id) WHERE kind <> 'skip';

CREATE TABLE matches (
  user_a uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  user_b uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_a, user_b),
  CHECK (user_a < user_b)
);
CREATE INDEX matches_b_idx ON matches (user_b);

CREATE TABLE blocks (
  blocker_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  blocked_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (blocker_id, blocked_id),
  CHECK (blocker_id <> blocked_id)
);
CREATE INDEX blocks_blocked_idx ON blocks (blocked_id);

-- Feed candidates: by gender and place, recent activity first.
CREATE INDEX profiles_gender_place_idx ON profiles (gender, place_id);
CREATE INDEX places_lat_lon_idx ON places (lat, lon);
CREATE INDEX users_active_idx ON users (last_active_at DESC);

