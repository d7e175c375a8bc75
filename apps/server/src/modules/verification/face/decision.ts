import { headPose, matchesInstruction, type HeadPose, type PoseInstruction } from './pose.js';
import type { VerificationFailure } from '@funkeln/contracts/verification';
import type { DetectedFace } from './protocol.js';

/** Euclidean distance of two face descriptors (face-api: same person typically < 0.6, the lower the likelier). */
export function descriptorDistance(a: readonly number[], b: readonly number[]): number {
  if (a.length !== b.length) throw new Error(`Descriptor lengths differ: ${a.length} vs ${b.length}`);
  let sum = 0;
  for (let i = 0; i < a.length; i++) sum += ((a[i] as number) - (b[i] as number)) ** 2;
  return Math.sqrt(sum);
}

/** The faces found on one of the member's approved photos. */
export interface ReferencePhoto {
  isMain: boolean;
  descriptors: number[][];
  /** The same faces' textures (texture.ts), for the copy check of the liveness recording. */
  textures: number[][];
}

export interface VerificationInput {
  selfieFaces: DetectedFace[];
  instruction: PoseInstruction;
  /** The member's approved photos, the main one among them. */
  photos: ReferencePhoto[];
  /** Distance below which two faces count as the same person (admin setting FACE_MATCH_THRESHOLD). */
  threshold: number;
  /** Results within this much above the threshold go to a human instead of being refused. */
  uncertainBand: number;
}

export type FailureReason = VerificationFailure;

export interface VerificationDecision {
  outcome: 'verified' | 'uncertain' | 'refused';
  reason: FailureReason | null;
  pose: HeadPose | null;
  /** Selfie to the main photo's nearest face; null when there was nothing to compare. */
  mainDistance: number | null;
  /** Selfie to each photo's nearest face, in input order; null for a photo without a face. */
  photoDistances: (number | null)[];
}

function nearest(descriptor: number[], photo: ReferencePhoto): number | null {
  if (photo.descriptors.length === 0) return null;
  return Math.min(...photo.descriptors.map((d) => descriptorDistance(descriptor, d)));
}

/**
 * Verified: exactly one face, in the asked pose, nearer than the threshold to the main photo's face
 * and to a face on at least half of the photos. Uncertain: the same with threshold + band.
 */
export function decideVerification(input: VerificationInput): VerificationDecision {
  const refused = (reason: FailureReason, rest: Partial<VerificationDecision> = {}): VerificationDecision => ({
    outcome: 'refused',
    reason,
    pose: null,
    mainDistance: null,
    photoDistances: [],
    ...rest,
  });
  const [face, ...others] = input.selfieFaces;
  if (!face) return refused('no_face');
  if (others.length > 0) return refused('multiple_faces');
  const pose = headPose(face.landmarks);
  if (!matchesInstruction(pose, input.instruction)) return refused('pose_mismatch', { pose });
  const photoDistances = input.photos.map((p) => nearest(face.descriptor, p));
  const mainIndex = input.photos.findIndex((p) => p.isMain);
  const mainDistance = mainIndex >= 0 ? (photoDistances[mainIndex] ?? null) : null;
  if (mainDistance === null) return refused('no_reference_face', { pose, photoDistances });
  const needed = Math.ceil(input.photos.length / 2);
  const passes = (limit: number) =>
    mainDistance < limit && photoDistances.filter((d) => d !== null && d < limit).length >= needed;
  const base = { reason: null, pose, mainDistance, photoDistances };
  if (passes(input.threshold)) return { outcome: 'verified', ...base };
  if (passes(input.threshold + input.uncertainBand)) return { outcome: 'uncertain', ...base };
  return refused('face_mismatch', { pose, mainDistance, photoDistances });
}
