-- Up to 6 photos per member in the member's order (issue 19). position 0..5, unique per member:
-- with the CHECK the database itself holds the limit. Deferred, so a reorder or the closing of a
-- gap after a deletion may pass through duplicates inside its transaction.
DROP INDEX photos_user_key;
ALTER TABLE photos ADD COLUMN position smallint NOT NULL DEFAULT 0 CHECK (position BETWEEN 0 AND 5);
ALTER TABLE photos ADD CONSTRAINT photos_user_position_key UNIQUE (user_id, position) DEFERRABLE INITIALLY DEFERRED;
-- The main photo (first approved, enabled one by position): one index entry per lookup.
CREATE INDEX photos_main_idx ON photos (user_id, position) WHERE status = 'approved' AND disabled_at IS NULL;

-- Top10: the photo that competes in a category; null = the member's main photo.
ALTER TABLE photo_entries ADD COLUMN photo_id uuid REFERENCES photos (id) ON DELETE SET NULL;
