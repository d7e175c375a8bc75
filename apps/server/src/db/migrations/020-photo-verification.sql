-- Issue 19, photo verification: a selfie in a random pose compared by a face model with the member's
-- photos. Only the result, time, model version, instruction and distances are kept; the selfie
-- itself only while an admin decides an uncertain case (selfie_key, deleted with the decision).
-- No face descriptor (biometric template) is stored anywhere.

-- Art. 9 DSGVO consent to the biometric check, kept with its history beside the orientation consent.
ALTER TABLE consents DROP CONSTRAINT consents_kind_check;
ALTER TABLE consents ADD CONSTRAINT consents_kind_check CHECK (kind IN ('orientation', 'biometric'));

CREATE TABLE verification_attempts (
  id uuid PRIMARY KEY,
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  instruction text NOT NULL CHECK (instruction IN ('turn_left', 'turn_right', 'tilt')),
  -- started -> checking -> verified | uncertain | refused | failed; uncertain -> approved | rejected | withdrawn
  status text NOT NULL DEFAULT 'started'
    CHECK (status IN ('started', 'checking', 'verified', 'uncertain', 'refused', 'failed', 'approved', 'rejected', 'withdrawn')),
  reason text CHECK (reason IN ('no_face', 'multiple_faces', 'pose_mismatch', 'no_reference_face', 'face_mismatch')),
  model_version text,
  main_photo_id uuid REFERENCES photos (id) ON DELETE SET NULL,
  main_distance real,
  photo_distances real[],
  selfie_key text,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  checked_at timestamptz,
  decided_at timestamptz,
  decided_by uuid REFERENCES users (id) ON DELETE SET NULL,
  CHECK (selfie_key IS NULL OR status = 'uncertain')
);
CREATE INDEX verification_attempts_user_idx ON verification_attempts (user_id, created_at);
CREATE INDEX verification_attempts_uncertain_idx ON verification_attempts (checked_at) WHERE status = 'uncertain';

-- The badge: set by a verified or approved attempt, removed when consent is withdrawn.
CREATE TABLE photo_verifications (
  user_id uuid PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
  attempt_id uuid NOT NULL REFERENCES verification_attempts (id) ON DELETE CASCADE,
  verified_at timestamptz NOT NULL DEFAULT now()
);
