-- Gazetteer (DE/AT/CH), profiles, one photo per member, and server-side secrets.
CREATE TABLE places (
  id integer PRIMARY KEY,
  name text NOT NULL,
  region text NOT NULL,
  country text NOT NULL CHECK (country IN ('DE', 'AT', 'CH')),
  search_name text NOT NULL,
  -- snapped to a grid of about 1 km; never sent to a client
  lat double precision NOT NULL,
  lon double precision NOT NULL,
  population integer NOT NULL DEFAULT 0
);
CREATE INDEX places_search_idx ON places (search_name text_pattern_ops);

CREATE TABLE profiles (
  user_id uuid PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
  about_me text NOT NULL DEFAULT '' CHECK (char_length(about_me) <= 1000),
  looking_for text NOT NULL DEFAULT '' CHECK (char_length(looking_for) <= 1000),
  birth_date date,
  gender text CHECK (gender IN ('female', 'male', 'diverse')),
  interested_in text[] NOT NULL DEFAULT '{}',
  age_min smallint NOT NULL DEFAULT 18 CHECK (age_min BETWEEN 18 AND 99),
  age_max smallint NOT NULL DEFAULT 99 CHECK (age_max BETWEEN 18 AND 99),
  place_id integer REFERENCES places (id),
  share_enabled boolean NOT NULL DEFAULT true,
  updated_at timestamptz NOT NULL DEFAULT now(),
  CHECK (age_min <= age_max)
);

CREATE TABLE photos (
  id uuid PRIMARY KEY,
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  status text NOT NULL CHECK (status IN ('approved', 'pending', 'rejected')),
  moderation_label text,
  moderation_scores jsonb NOT NULL DEFAULT '{}',
  large_key text NOT NULL,
  thumb_key text NOT NULL,
  width integer NOT NULL,
  height integer NOT NULL,
  disabled_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);
-- one profile photo per member
CREATE UNIQUE INDEX photos_user_key ON photos (user_id);
CREATE INDEX photos_pending_idx ON photos (created_at) WHERE status = 'pending';

CREATE TABLE app_secrets (
  name text PRIMARY KEY,
  value text NOT NULL
);
