-- Issue 19: interests (ids from the contracts' catalogue, up to 8) on the profile row, so the feed
-- reads them with one primary-key lookup per page; answered prompts (up to 3) in their own table.
ALTER TABLE profiles ADD COLUMN interests text[] NOT NULL DEFAULT '{}'
  CHECK (cardinality(interests) <= 8);

CREATE TABLE profile_prompts (
  user_id uuid NOT NULL REFERENCES profiles (user_id) ON DELETE CASCADE,
  position smallint NOT NULL CHECK (position BETWEEN 0 AND 2),
  prompt_id text NOT NULL CHECK (char_length(prompt_id) <= 40),
  answer text NOT NULL CHECK (char_length(answer) BETWEEN 1 AND 150),
  PRIMARY KEY (user_id, position),
  UNIQUE (user_id, prompt_id)
);
