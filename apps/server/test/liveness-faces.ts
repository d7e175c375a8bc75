// Face analyses for the pure liveness tests and the scripted engine: the recorded real landmark sets
// (recorded-landmarks.ts) with chosen descriptors and textures.
import type { DetectedFace, Point } from '../src/modules/verification/face/protocol.js';
import { recordedLandmarks } from './recorded-landmarks.js';

/** A 128-d descriptor `d` away from the origin along the first axis. */
export const descriptorAt = (d: number): number[] => [d, ...Array.from({ length: 127 }, () => 0)];

/** Synthetic textures: 64 values on orthonormal, zero-mean directions (rows of a 64 x 64 Hadamard matrix). */
const direction = (k: number) => Array.from({ length: 64 }, (_, i) => ((bitCount(i & k) % 2 === 0 ? 1 : -1) / 8));
const bitCount = (n: number): number => (n === 0 ? 0 : (n & 1) + bitCount(n >> 1));
/** The texture of the first frame of a recording. */
const first = direction(1);
/** A texture correlating `correlation` with the first frame's, turned away from it towards direction `towards` (2, 3, ...: each another way). */
export function textureWith(correlation: number, towards = 2): number[] {
  const angle = Math.acos(correlation);
  const other = direction(towards);
  return first.map((x, i) => x * Math.cos(angle) + (other[i] as number) * Math.sin(angle));
}

/** Landmarks `t` of the way from `a` to `b`. */
export function between(a: Point[], b: Point[], t: number): Point[] {
  return a.map((p, i) => ({ x: p.x + ((b[i] as Point).x - p.x) * t, y: p.y + ((b[i] as Point).y - p.y) * t }));
}

export function analysedFace(landmarks: Point[], descriptor = descriptorAt(0), texture = textureWith(1)): DetectedFace {
  return { score: 0.99, box: { x: 0, y: 0, width: 100, height: 100 }, landmarks, descriptor, texture, mirroredTexture: direction(5) };
}

/**
 * A live head turn to the member's left as the real model would see it: two frames looking straight,
 * then on to the turned head (landmarks of real faces; 3-D movement changes the texture: the last frame
 * correlates 0.75 with the first, a warped still 0.85-0.99), one person throughout (descriptors 0.05 apart).
 */
export function liveTurnLeft(): DetectedFace[] {
  const { frontal, turnedLeft } = recordedLandmarks;
  const steps = [0, 0, 0.35, 0.7, 1, 1];
  return steps.map((t, i) => analysedFace(between(frontal, turnedLeft, t), descriptorAt(0.05 * (i % 2)), textureWith(1 - 0.25 * t)));
}
