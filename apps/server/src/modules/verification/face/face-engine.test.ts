// The face engine through the real model (face-api on tfjs-wasm in its worker thread), on crops of the
// sample photos that ship inside @vladmandic/face-api. Offline; the model loads once for this file.
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { settingDefinitions } from '@funkeln/contracts/settings';
import { background, faceCrop, faces, gradient, samplePath } from '../../../../test/faces.js';
import { warpedSequence } from '../../../../test/warped-stills.js';
import { decideVerification, descriptorDistance } from './decision.js';
import { createFaceEngine, type FaceEngine } from './face-engine.js';
import { decideLiveness, isPhotoCopy } from './liveness.js';
import { headPose, poseInstructions } from './pose.js';
import type { DetectedFace } from './protocol.js';

const threshold = settingDefinitions.FACE_MATCH_THRESHOLD.schema.parse(settingDefinitions.FACE_MATCH_THRESHOLD.default);
const uncertainBand = settingDefinitions.FACE_MATCH_UNCERTAIN_BAND.schema.parse(settingDefinitions.FACE_MATCH_UNCERTAIN_BAND.default);

let engine: FaceEngine;
beforeAll(() => {
  engine = createFaceEngine();
});
afterAll(() => engine.close());

async function oneFace(image: Promise<Buffer>): Promise<DetectedFace> {
  const found = await engine.analyze(await image);
  expect(found).toHaveLength(1);
  return found[0] as DetectedFace;
}

// Each fixture face analysed once for the whole file: the model has 2 shared cores.
const seen = new Map<keyof typeof faces, Promise<DetectedFace>>();
function fixture(name: keyof typeof faces): Promise<DetectedFace> {
  let face = seen.get(name);
  if (!face) seen.set(name, (face = oneFace(faceCrop(faces[name]))));
  return face;
}

const asPhoto = (face: DetectedFace, isMain = true) => ({ isMain, descriptors: [face.descriptor], textures: [face.texture] });

describe('face engine (real model, sample photos)', () => {
  it('finds every face of a group photo with 68 landmarks and a 128-d descriptor', async () => {
    const found = await engine.analyze(await sharp(samplePath(5)).toBuffer());
    expect(found).toHaveLength(5);
    for (const f of found) {
      expect(f.landmarks).toHaveLength(68);
      expect(f.descriptor).toHaveLength(128);
    }
    // The turned-left face of the fixtures is among them (boxes in the 1024 px analysed image).
    const scale = 1024 / 1920;
    expect(found.some((f) => Math.abs(f.box.x - faces.turnedLeft.box.x * scale) < 15 && Math.abs(f.box.y - faces.turnedLeft.box.y * scale) < 15)).toBe(true);
  });

  it("matches the same person's crops (other margin, shifted, smaller, recompressed) and verifies a selfie in the asked pose", async () => {
    const photo = await fixture('turnedLeft');
    const selfie = await oneFace(faceCrop(faces.turnedLeft, { margin: 0.45, shift: 0.1, width: 300, quality: 70 }));
    const distance = descriptorDistance(photo.descriptor, selfie.descriptor);
    expect(distance).toBeLessThan(threshold);
    expect(headPose(selfie.landmarks).yaw).toBeGreaterThan(0.3);
    const decision = decideVerification({ selfieFaces: [selfie], instruction: 'turn_left', photos: [asPhoto(photo)], threshold, uncertainBand });
    expect(decision).toMatchObject({ outcome: 'verified', reason: null });
    // The threshold decides: the same pair under a much stricter setting is not verified.
    const strict = decideVerification({ selfieFaces: [selfie], instruction: 'turn_left', photos: [asPhoto(photo)], threshold: distance / 3, uncertainBand: 0 });
    expect(strict).toMatchObject({ outcome: 'refused', reason: 'face_mismatch' });
  });

  it('does not match different people, not even the two close ones side by side in one photo', async () => {
    const [turnedLeft, frontal, tilted, neighbour, turnedRight] = await Promise.all([
      fixture('turnedLeft'),
      fixture('frontal'),
      fixture('tilted'),
      fixture('neighbour'),
      fixture('turnedRight'),
    ]);
    const people = [turnedLeft, frontal, tilted, neighbour, turnedRight];
    for (let i = 0; i < people.length; i++) {
      for (let j = i + 1; j < people.length; j++) {
        expect(descriptorDistance((people[i] as DetectedFace).descriptor, (people[j] as DetectedFace).descriptor), `people ${i} and ${j}`).toBeGreaterThanOrEqual(threshold);
      }
    }
    const other = decideVerification({ selfieFaces: [turnedLeft], instruction: 'turn_left', photos: [asPhoto(frontal), asPhoto(turnedRight, false)], threshold, uncertainBand });
    expect(other).toMatchObject({ outcome: 'refused', reason: 'face_mismatch' });
    const close = decideVerification({ selfieFaces: [tilted], instruction: 'tilt', photos: [asPhoto(neighbour)], threshold, uncertainBand });
    expect(close.outcome).not.toBe('verified');
  });

  it('refuses an image without a face and a group photo', async () => {
    for (const image of [await gradient(), await background()]) {
      const found = await engine.analyze(image);
      expect(found).toEqual([]);
      expect(decideVerification({ selfieFaces: found, instruction: 'tilt', photos: [], threshold, uncertainBand })).toMatchObject({ outcome: 'refused', reason: 'no_face' });
    }
    const group = await engine.analyze(await sharp(samplePath(4)).resize({ width: 900 }).jpeg().toBuffer());
    expect(decideVerification({ selfieFaces: group, instruction: 'tilt', photos: [], threshold, uncertainBand })).toMatchObject({ reason: 'multiple_faces' });
  });

  it('refuses a pose mismatch: the mirrored face is turned the other way, an upright face is no tilt', async () => {
    const photo = await fixture('turnedLeft');
    const mirrored = await oneFace(faceCrop(faces.turnedLeft, { flop: true }));
    expect(headPose(mirrored.landmarks).yaw).toBeLessThan(-0.3);
    const photos = [asPhoto(photo)];
    expect(decideVerification({ selfieFaces: [mirrored], instruction: 'turn_left', photos, threshold, uncertainBand })).toMatchObject({ outcome: 'refused', reason: 'pose_mismatch' });
    const upright = await fixture('frontal');
    expect(decideVerification({ selfieFaces: [upright], instruction: 'tilt', photos, threshold, uncertainBand })).toMatchObject({ outcome: 'refused', reason: 'pose_mismatch' });
    const tilted = await fixture('tilted');
    expect(Math.abs(headPose(tilted.landmarks).roll)).toBeGreaterThan(12);
    const right = await fixture('turnedRight');
    expect(headPose(right.landmarks).yaw).toBeLessThan(-0.3);
  });

  it('finds the frames of a still photo warped into each pose copies of it, and no face of another person', async () => {
    const photo = await faceCrop(faces.frontal);
    const reference = [asPhoto(await fixture('frontal'))];
    for (const instruction of poseInstructions) {
      const frames = await warpedSequence(photo, instruction);
      const analysed: DetectedFace[][] = [];
      for (const frame of frames) analysed.push(await engine.analyze(frame));
      for (const [i, found] of analysed.entries()) {
        expect(found, `${instruction} frame ${i}`).toHaveLength(1);
        const face = found[0] as DetectedFace;
        const pose = headPose(face.landmarks);
        // Every frame that reads as looking straight (a recording must start with one) is a copy; the
        // most warped ones need not be (the mirrored half squeezed to 60 % correlates 0.85).
        if (Math.abs(pose.yaw) <= 0.2 && Math.abs(pose.roll) <= 8) expect(isPhotoCopy(face, reference), `${instruction} frame ${i}`).toBe(true);
      }
      expect(analysed.filter((found) => isPhotoCopy(found[0] as DetectedFace, reference)).length, instruction).toBeGreaterThanOrEqual(2);
      expect(decideLiveness({ frames: analysed, instruction, photos: reference, threshold, uncertainBand }).outcome).toBe('refused');
    }
    // Different people are neither copies as seen nor mirrored (texture correlation measured 0.20-0.72).
    const people = await Promise.all((['turnedLeft', 'frontal', 'tilted', 'neighbour', 'turnedRight'] as const).map(fixture));
    for (const [i, a] of people.entries()) {
      for (const b of people.slice(i + 1)) expect(isPhotoCopy(a, [asPhoto(b)])).toBe(false);
    }
  }, 120_000);

  it('rejects bytes that are no image without killing the worker', async () => {
    await expect(engine.analyze(Buffer.from('\0\0not an image\0'))).rejects.toThrow();
    await expect(engine.analyze(await gradient())).resolves.toEqual([]);
  });
});
