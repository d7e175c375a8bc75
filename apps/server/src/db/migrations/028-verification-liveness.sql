-- Photo verification checks a recording of frames (issue 54): two more reasons for a refusal.
ALTER TABLE verification_attempts DROP CONSTRAINT verification_attempts_reason_check;
ALTER TABLE verification_attempts ADD CONSTRAINT verification_attempts_reason_check
  CHECK (reason IN ('no_face', 'multiple_faces', 'pose_mismatch', 'no_reference_face', 'face_mismatch', 'photo_copy', 'no_liveness'));
