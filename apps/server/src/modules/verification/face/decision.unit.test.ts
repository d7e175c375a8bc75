import { describe, expect, it } from 'vitest';
import { decideVerification, descriptorDistance, type FailureReason, type ReferencePhoto } from './decision.js';
import type { DetectedFace, Point } from './protocol.js';

/** A 128-d descriptor `d` away from the origin along the first axis. */
const at = (d: number) => [d, ...Array.from({ length: 127 }, () => 0)];

/** A selfie face at the origin, its nose towards the image right (turned to the member's left), level. */
function selfie(): DetectedFace {
  const landmarks: Point[] = Array.from({ length: 68 }, () => ({ x: 50, y: 50 }));
  landmarks[0] = { x: 0, y: 50 };
  landmarks[16] = { x: 100, y: 50 };
  landmarks[30] = { x: 85, y: 60 };
  for (let i = 36; i < 48; i++) landmarks[i] = { x: i < 42 ? 30 : 70, y: 40 };
  return { score: 0.99, box: { x: 0, y: 0, width: 100, height: 100 }, landmarks, descriptor: at(0), texture: [], mirroredTexture: [] };
}

const photo = (d: number | null, isMain = false): ReferencePhoto => ({ isMain, descriptors: d === null ? [] : [at(d)], textures: [] });
const base = { instruction: 'turn_left' as const, threshold: 0.45, uncertainBand: 0.1 };

describe('descriptorDistance', () => {
  it('is the euclidean distance and refuses different lengths', () => {
    expect(descriptorDistance([0, 0, 0], [1, 2, 2])).toBe(3);
    expect(descriptorDistance(at(0.3), at(0.3))).toBe(0);
    expect(() => descriptorDistance([1], [1, 2])).toThrow();
  });
});

describe('decideVerification', () => {
  it('verifies one face in the asked pose that matches the main photo and at least half of the photos', () => {
    const d = decideVerification({ ...base, selfieFaces: [selfie()], photos: [photo(0.3, true), photo(0.4), photo(0.9), photo(null)] });
    expect(d).toMatchObject({ outcome: 'verified', reason: null, mainDistance: 0.3, photoDistances: [0.3, 0.4, 0.9, null] });
  });

  it('uses the nearest face on a photo with several', () => {
    const group: ReferencePhoto = { isMain: true, descriptors: [at(0.9), at(0.2)], textures: [] };
    expect(decideVerification({ ...base, selfieFaces: [selfie()], photos: [group] })).toMatchObject({ outcome: 'verified', mainDistance: 0.2 });
  });

  it('refuses no face, several faces and the wrong pose, in that order', () => {
    const photos = [photo(0.1, true)];
    const reasons: FailureReason[] = [];
    for (const selfieFaces of [[], [selfie(), selfie()]]) reasons.push(decideVerification({ ...base, selfieFaces, photos }).reason ?? 'face_mismatch');
    expect(reasons).toEqual(['no_face', 'multiple_faces']);
    expect(decideVerification({ ...base, selfieFaces: [], photos })).toMatchObject({ outcome: 'refused', reason: 'no_face' });
    expect(decideVerification({ ...base, selfieFaces: [selfie(), selfie()], photos })).toMatchObject({ outcome: 'refused', reason: 'multiple_faces' });
    expect(decideVerification({ ...base, instruction: 'turn_right', selfieFaces: [selfie()], photos })).toMatchObject({ outcome: 'refused', reason: 'pose_mismatch' });
    expect(decideVerification({ ...base, instruction: 'tilt', selfieFaces: [selfie()], photos })).toMatchObject({ outcome: 'refused', reason: 'pose_mismatch' });
  });

  it('refuses when the main photo shows no face or there is no main photo', () => {
    expect(decideVerification({ ...base, selfieFaces: [selfie()], photos: [photo(null, true), photo(0.1)] })).toMatchObject({ reason: 'no_reference_face' });
    expect(decideVerification({ ...base, selfieFaces: [selfie()], photos: [] })).toMatchObject({ reason: 'no_reference_face' });
  });

  it('needs the main photo itself to match, not only the others', () => {
    const d = decideVerification({ ...base, selfieFaces: [selfie()], photos: [photo(0.8, true), photo(0.1), photo(0.1)] });
    expect(d).toMatchObject({ outcome: 'refused', reason: 'face_mismatch' });
  });

  it('needs at least half of the photos (rounded up) to match', () => {
    expect(decideVerification({ ...base, selfieFaces: [selfie()], photos: [photo(0.1, true), photo(0.9), photo(0.9)] }).outcome).toBe('refused');
    expect(decideVerification({ ...base, selfieFaces: [selfie()], photos: [photo(0.1, true), photo(0.9)] }).outcome).toBe('verified');
  });

  it('sends results just above the threshold to a human, refuses those beyond the band', () => {
    expect(decideVerification({ ...base, selfieFaces: [selfie()], photos: [photo(0.5, true)] })).toMatchObject({ outcome: 'uncertain', reason: null });
    expect(decideVerification({ ...base, selfieFaces: [selfie()], photos: [photo(0.45, true)] }).outcome).toBe('uncertain');
    expect(decideVerification({ ...base, selfieFaces: [selfie()], photos: [photo(0.56, true)] })).toMatchObject({ outcome: 'refused', reason: 'face_mismatch' });
    expect(decideVerification({ ...base, uncertainBand: 0, selfieFaces: [selfie()], photos: [photo(0.5, true)] }).outcome).toBe('refused');
  });
});
