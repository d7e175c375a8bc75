import { decideVerification, descriptorDistance, type FailureReason, type ReferencePhoto, type VerificationDecision } from './decision.js';
import { headPose, matchesInstruction, type HeadPose, type PoseInstruction } from './pose.js';
import type { DetectedFace } from './protocol.js';
import { textureCorrelation } from './texture.js';

// Thresholds, from the real model on the face-api sample crops (bench/_liveness measurements in
// docs/decisions/0044-verification-liveness.md):
// - texture correlation to the photo the frame was made from: crops, recompressions and brightness
//   changes 0.91-1.00; rotated 7-14 degrees 0.91-0.99; one half squeezed to 80 % 0.91-0.99, to 60 %
//   0.60-0.96 (most 0.75-0.96; the frontal face 0.85-0.98); mirrored 0.83-0.98. Different people
//   0.20-0.72 (as seen or mirrored).
// - descriptor distance to that photo: crops and recompressions 0.06-0.19, but warps 0.17-0.56: the
//   descriptor is no copy detector for warps (different people 0.47-0.85).
/** A frame whose texture correlates at least this much with a face on one of the member's photos (as seen or mirrored) is a copy of it. */
export const PHOTO_COPY_CORRELATION = 0.9;
/** A frame this near (descriptor) to a face on one of the photos is a copy (a real second photo of a person is 0.3-0.5 apart). */
const PHOTO_COPY_DISTANCE = 0.15;
/** First and last frame of a turn correlating this much are one picture warped: a head that turns in 3-D changes its texture. */
export const FRAME_COPY_CORRELATION = 0.95;
/** The first frame looks straight: |yaw| and |roll| at most this (the sample photos' frontal face: yaw -0.14, roll -0.8). */
const FRONTAL_MAX_YAW = 0.2;
const FRONTAL_MAX_ROLL = 8;
/** A frame may fall back behind the furthest pose before it by at most this much (jitter), in yaw or roll degrees. */
const YAW_SLACK = 0.15;
const ROLL_SLACK = 5;

/** How far a pose has gone towards the instruction (yaw for turns, |roll| in degrees for a tilt). */
function progress(pose: HeadPose, instruction: PoseInstruction): number {
  if (instruction === 'turn_left') return pose.yaw;
  if (instruction === 'turn_right') return -pose.yaw;
  return Math.abs(pose.roll);
}

/** Why the faces of a recording (one per frame, in order) are no live head movement into the pose, or null. */
export function sequenceFailure(faces: DetectedFace[], instruction: PoseInstruction, threshold: number): FailureReason | null {
  const first = faces[0];
  const last = faces[faces.length - 1];
  if (!first || !last || faces.length < 2) return 'no_liveness';
  const poses = faces.map((f) => headPose(f.landmarks));
  const start = poses[0] as HeadPose;
  if (Math.abs(start.yaw) > FRONTAL_MAX_YAW || Math.abs(start.roll) > FRONTAL_MAX_ROLL) return 'no_liveness';
  if (!matchesInstruction(poses[poses.length - 1] as HeadPose, instruction)) return 'pose_mismatch';
  const slack = instruction === 'tilt' ? ROLL_SLACK : YAW_SLACK;
  let furthest = -Infinity;
  for (const pose of poses) {
    const p = progress(pose, instruction);
    if (p < furthest - slack) return 'no_liveness';
    furthest = Math.max(furthest, p);
  }
  if (faces.some((f) => descriptorDistance(f.descriptor, first.descriptor) >= threshold)) return 'no_liveness';
  // A tilt is a turn within the picture's plane: a rotated photo looks the same, so it is not checked here (see decideLiveness).
  if (instruction !== 'tilt' && textureCorrelation(first.texture, last.texture) >= FRAME_COPY_CORRELATION) return 'no_liveness';
  return null;
}

/** Whether a frame's face is a copy (as seen or mirrored, warped or not) of a face on one of the member's photos. */
export function isPhotoCopy(face: DetectedFace, photos: ReferencePhoto[]): boolean {
  return photos.some(
    (photo) =>
      photo.descriptors.some((d) => descriptorDistance(face.descriptor, d) < PHOTO_COPY_DISTANCE) ||
      photo.textures.some((t) => Math.max(textureCorrelation(face.texture, t), textureCorrelation(face.mirroredTexture, t)) >= PHOTO_COPY_CORRELATION),
  );
}

export interface LivenessInput {
  /** The faces found on each frame, in the order the frames were taken. */
  frames: DetectedFace[][];
  instruction: PoseInstruction;
  photos: ReferencePhoto[];
  threshold: number;
  uncertainBand: number;
}

/**
 * The recording verifies the member when every frame shows exactly one face, none is a copy of one of
 * the member's photos, the head moves from looking straight into the asked pose (sequenceFailure), and
 * the last frame matches the photos (decideVerification). A tilt can at best go to the team: an
 * in-plane rotation is what a rotated photo shows too.
 */
export function decideLiveness(input: LivenessInput): VerificationDecision {
  const refused = (reason: FailureReason): VerificationDecision => ({ outcome: 'refused', reason, pose: null, mainDistance: null, photoDistances: [] });
  if (input.frames.some((f) => f.length === 0)) return refused('no_face');
  if (input.frames.some((f) => f.length > 1)) return refused('multiple_faces');
  const faces = input.frames.map((f) => f[0] as DetectedFace);
  const failure = sequenceFailure(faces, input.instruction, input.threshold);
  if (failure) return refused(failure);
  if (faces.some((f) => isPhotoCopy(f, input.photos))) return refused('photo_copy');
  const decision = decideVerification({ ...input, selfieFaces: [faces[faces.length - 1] as DetectedFace] });
  return input.instruction === 'tilt' && decision.outcome === 'verified' ? { ...decision, outcome: 'uncertain' } : decision;
}
