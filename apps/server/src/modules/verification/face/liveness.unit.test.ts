// The liveness decision on landmark sets the real model found on sample faces (test/recorded-landmarks.ts)
// with chosen descriptors and textures: a live head turn passes, everything a still photo can give fails.
import { describe, expect, it } from 'vitest';
import { analysedFace, between, descriptorAt, liveTurnLeft, textureWith } from '../../../../test/liveness-faces.js';
import { recordedLandmarks } from '../../../../test/recorded-landmarks.js';
import type { ReferencePhoto } from './decision.js';
import { decideLiveness, FRAME_COPY_CORRELATION, isPhotoCopy, PHOTO_COPY_CORRELATION, sequenceFailure } from './liveness.js';
import { headPose } from './pose.js';
import type { DetectedFace, Point } from './protocol.js';
import { MIRRORED } from './texture.js';

const { frontal, turnedLeft, turnedRight } = recordedLandmarks;
const threshold = 0.45;
const base = { threshold, uncertainBand: 0.1 };
/** The member's photo: the same person (0.3 apart, a real second photo), another picture (texture 0.6 to the first frame, less to the others). */
const photo: ReferencePhoto = { isMain: true, descriptors: [descriptorAt(0.3)], textures: [textureWith(0.6, 3)] };
const frames = (faces: DetectedFace[]) => faces.map((f) => [f]);
/** The landmarks of the mirrored picture (each point flipped and renamed to its mirror partner). */
const mirrored = (points: Point[]) => points.map((_, i) => ({ x: 400 - (points[MIRRORED[i] as number] as Point).x, y: (points[MIRRORED[i] as number] as Point).y }));

describe('the recorded landmarks', () => {
  it('read as looking straight, turned to her left and turned to her right', () => {
    expect(Math.abs(headPose(frontal).yaw)).toBeLessThan(0.2);
    expect(headPose(turnedLeft).yaw).toBeGreaterThan(0.6);
    expect(headPose(turnedRight).yaw).toBeLessThan(-0.5);
  });
});

describe('decideLiveness', () => {
  it('verifies a live turn from looking straight into the asked pose that matches the photos', () => {
    const decision = decideLiveness({ ...base, frames: frames(liveTurnLeft()), instruction: 'turn_left', photos: [photo] });
    expect(decision).toMatchObject({ outcome: 'verified', reason: null });
    // The last frame (descriptor 0.05 from the first) against the photo (0.3 from the first).
    expect(decision.mainDistance).toBeCloseTo(0.25, 5);
    // The same turn, seen mirrored, is a turn to the right.
    const right = liveTurnLeft().map((f) => ({ ...f, landmarks: mirrored(f.landmarks) }));
    expect(decideLiveness({ ...base, frames: frames(right), instruction: 'turn_right', photos: [photo] }).outcome).toBe('verified');
  });

  it('refuses frames without a face or with several before anything else', () => {
    const live = frames(liveTurnLeft());
    expect(decideLiveness({ ...base, frames: [...live.slice(0, 3), [], ...live.slice(4)], instruction: 'turn_left', photos: [photo] }).reason).toBe('no_face');
    const crowded = live.map((f, i) => (i === 2 ? [...f, ...f] : f));
    expect(decideLiveness({ ...base, frames: crowded, instruction: 'turn_left', photos: [photo] }).reason).toBe('multiple_faces');
  });

  it('refuses a warped still: the texture of the first and last frame is one picture (turns)', () => {
    const still = liveTurnLeft().map((f) => ({ ...f, texture: textureWith(1) }));
    expect(sequenceFailure(still, 'turn_left', threshold)).toBe('no_liveness');
    const almost = liveTurnLeft().map((f, i, all) => (i === all.length - 1 ? { ...f, texture: textureWith(FRAME_COPY_CORRELATION) } : f));
    expect(sequenceFailure(almost, 'turn_left', threshold)).toBe('no_liveness');
  });

  it('refuses a recording that does not start looking straight, ends in another pose or turns back on the way', () => {
    const live = liveTurnLeft();
    // Only the turned head: the photo a catfish has, shown still.
    const turnedOnly = live.map((f) => ({ ...f, landmarks: turnedLeft }));
    expect(sequenceFailure(turnedOnly, 'turn_left', threshold)).toBe('no_liveness');
    expect(sequenceFailure(live, 'turn_right', threshold)).toBe('pose_mismatch');
    const backAndForth = live.map((f, i) => (i === 3 ? { ...f, landmarks: between(frontal, turnedRight, 0.8) } : f));
    expect(sequenceFailure(backAndForth, 'turn_left', threshold)).toBe('no_liveness');
    expect(sequenceFailure(live.slice(0, 1), 'turn_left', threshold)).toBe('no_liveness');
  });

  it('refuses a recording in which the person changes', () => {
    const swapped = liveTurnLeft().map((f, i) => (i >= 4 ? { ...f, descriptor: descriptorAt(0.6) } : f));
    expect(sequenceFailure(swapped, 'turn_left', threshold)).toBe('no_liveness');
  });

  it("refuses any frame that is a copy of one of the member's photos, as seen or mirrored", () => {
    const [first] = liveTurnLeft() as [DetectedFace];
    const copied: ReferencePhoto = { isMain: true, descriptors: [descriptorAt(0.3)], textures: [textureWith(PHOTO_COPY_CORRELATION, 3)] };
    expect(isPhotoCopy(first, [copied])).toBe(true);
    const mirroredCopy: ReferencePhoto = { isMain: true, descriptors: [descriptorAt(0.3)], textures: [first.mirroredTexture] };
    expect(isPhotoCopy(first, [mirroredCopy])).toBe(true);
    // A plain recompressed crop: the descriptor alone is near enough.
    expect(isPhotoCopy(first, [{ isMain: true, descriptors: [descriptorAt(0.1)], textures: [textureWith(0.5, 3)] }])).toBe(true);
    expect(isPhotoCopy(first, [photo])).toBe(false);
    const decision = decideLiveness({ ...base, frames: frames(liveTurnLeft()), instruction: 'turn_left', photos: [photo, { ...copied, isMain: false }] });
    expect(decision).toMatchObject({ outcome: 'refused', reason: 'photo_copy' });
  });

  it('sends a tilt to the team at best: a rotated photo shows the same', () => {
    const tilt = [0, 0, 5, 10, 18, 18].map((deg, i) => {
      const r = (deg * Math.PI) / 180;
      const turned = frontal.map((p) => ({ x: 200 + (p.x - 200) * Math.cos(r) - (p.y - 300) * Math.sin(r), y: 300 + (p.x - 200) * Math.sin(r) + (p.y - 300) * Math.cos(r) }));
      return analysedFace(turned, descriptorAt(0.05 * (i % 2)));
    });
    expect(decideLiveness({ ...base, frames: frames(tilt), instruction: 'tilt', photos: [photo] })).toMatchObject({ outcome: 'uncertain', reason: null });
    expect(decideLiveness({ ...base, frames: frames(tilt), instruction: 'tilt', photos: [{ ...photo, descriptors: [descriptorAt(0.9)] }] }).reason).toBe('face_mismatch');
  });

  it('matches the last frame against the photos like a selfie: uncertain within the band, refused beyond', () => {
    const far = (d: number): ReferencePhoto => ({ ...photo, descriptors: [descriptorAt(d)] });
    expect(decideLiveness({ ...base, frames: frames(liveTurnLeft()), instruction: 'turn_left', photos: [far(0.5)] }).outcome).toBe('uncertain');
    expect(decideLiveness({ ...base, frames: frames(liveTurnLeft()), instruction: 'turn_left', photos: [far(0.7)] })).toMatchObject({ outcome: 'refused', reason: 'face_mismatch' });
  });
});
