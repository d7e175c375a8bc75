-- Issue 57 item 9: duplicate photos across accounts. Each uploaded photo's 64-bit DCT perceptual
-- hashes (modules/photos/duplicates/phash.ts) as signed bigints: view 0 of the whole picture, view 1
-- of its centre (90 %, so a cropped copy matches), and their four 16-bit bands, each indexed: a
-- lookup probes the bands for candidates, then counts the differing bits exactly (multi-index
-- hashing; decision 0085). The hashes go with their photo and its account (erasure).
CREATE TABLE photo_hashes (
  photo_id uuid NOT NULL REFERENCES photos(id) ON DELETE CASCADE,
  view smallint NOT NULL CHECK (view IN (0, 1)),
  user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  hash bigint NOT NULL,
  band0 integer GENERATED ALWAYS AS ((hash & 65535)::integer) STORED,
  band1 integer GENERATED ALWAYS AS (((hash >> 16) & 65535)::integer) STORED,
  band2 integer GENERATED ALWAYS AS (((hash >> 32) & 65535)::integer) STORED,
  band3 integer GENERATED ALWAYS AS (((hash >> 48) & 65535)::integer) STORED,
  PRIMARY KEY (photo_id, view)
);
CREATE INDEX photo_hashes_band0_idx ON photo_hashes (band0);
CREATE INDEX photo_hashes_band1_idx ON photo_hashes (band1);
CREATE INDEX photo_hashes_band2_idx ON photo_hashes (band2);
CREATE INDEX photo_hashes_band3_idx ON photo_hashes (band3);
CREATE INDEX photo_hashes_user_idx ON photo_hashes (user_id);

-- A new photo that looks like another account's photo: for the team (admin "Doppelte Fotos"), never
-- for either member. Gone with either photo; a dismissed pair is not flagged again.
CREATE TABLE duplicate_photo_flags (
  id uuid PRIMARY KEY,
  photo_id uuid NOT NULL REFERENCES photos(id) ON DELETE CASCADE,
  other_photo_id uuid NOT NULL REFERENCES photos(id) ON DELETE CASCADE,
  distance smallint NOT NULL CHECK (distance BETWEEN 0 AND 64),
  mirrored boolean NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  dismissed_at timestamptz,
  dismissed_by uuid REFERENCES users(id) ON DELETE SET NULL,
  UNIQUE (photo_id, other_photo_id),
  CHECK (photo_id <> other_photo_id)
);
CREATE INDEX duplicate_photo_flags_open_idx ON duplicate_photo_flags (created_at) WHERE dismissed_at IS NULL;
CREATE INDEX duplicate_photo_flags_other_idx ON duplicate_photo_flags (other_photo_id);
