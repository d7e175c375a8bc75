-- Issue 19: the upload's face check and the badge's reference photos.
-- face_count: faces the detector found at upload; NULL = not checked (photos from before this
-- migration, or the detector failed): treated as unknown, never as faceless.
ALTER TABLE photos ADD COLUMN face_count smallint CHECK (face_count >= 0);

-- The member's photos whose face matched the selfie (ids only, no descriptor): what a later main
-- photo is compared with. On the attempt until an admin decides an uncertain case, then on the badge,
-- which also takes in each later main photo found to show the same face.
ALTER TABLE verification_attempts ADD COLUMN matched_photo_ids uuid[];
ALTER TABLE photo_verifications ADD COLUMN reference_photo_ids uuid[] NOT NULL DEFAULT '{}';
UPDATE photo_verifications pv SET reference_photo_ids = ARRAY[a.main_photo_id]
  FROM verification_attempts a WHERE a.id = pv.attempt_id AND a.main_photo_id IS NOT NULL;
