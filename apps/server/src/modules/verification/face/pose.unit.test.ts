import { describe, expect, it } from 'vitest';
import { headPose, matchesInstruction, poseInstructions } from './pose.js';
import type { Point } from './protocol.js';

/** A schematic 68-point face: jaw from x=0 to x=100, eyes at y=40, nose tip at (noseX, 60), then rotated by `roll` degrees. */
function face(noseX = 50, roll = 0): Point[] {
  const points: Point[] = Array.from({ length: 68 }, () => ({ x: 50, y: 50 }));
  points[0] = { x: 0, y: 50 };
  points[16] = { x: 100, y: 50 };
  points[30] = { x: noseX, y: 60 };
  for (let i = 36; i < 42; i++) points[i] = { x: 30 + (i - 36), y: 40 };
  for (let i = 42; i < 48; i++) points[i] = { x: 65 + (i - 42), y: 40 };
  const r = (roll * Math.PI) / 180;
  return points.map((p) => ({ x: 50 + (p.x - 50) * Math.cos(r) - (p.y - 50) * Math.sin(r), y: 50 + (p.x - 50) * Math.sin(r) + (p.y - 50) * Math.cos(r) }));
}

describe('headPose', () => {
  it('is centred and level for a frontal face', () => {
    const pose = headPose(face());
    expect(pose.yaw).toBeCloseTo(0, 5);
    expect(pose.roll).toBeCloseTo(0, 5);
  });

  it('gives positive yaw when the nose sits towards the image right (the member turned to their own left)', () => {
    expect(headPose(face(80)).yaw).toBeCloseTo(0.6, 5);
    expect(headPose(face(20)).yaw).toBeCloseTo(-0.6, 5);
  });

  it('measures roll from the eye line in degrees, either way', () => {
    expect(headPose(face(50, 20)).roll).toBeCloseTo(20, 5);
    expect(headPose(face(50, -25)).roll).toBeCloseTo(-25, 5);
  });

  it('clamps yaw for a nose outside the jaw and refuses a wrong landmark count', () => {
    expect(headPose(face(150)).yaw).toBe(1);
    expect(() => headPose(face().slice(0, 5))).toThrow(/68 landmarks/);
  });
});

describe('matchesInstruction', () => {
  it('wants a clear turn in the asked direction and a clear tilt', () => {
    expect(matchesInstruction({ yaw: 0.5, roll: 0 }, 'turn_left')).toBe(true);
    expect(matchesInstruction({ yaw: 0.5, roll: 0 }, 'turn_right')).toBe(false);
    expect(matchesInstruction({ yaw: -0.5, roll: 0 }, 'turn_right')).toBe(true);
    expect(matchesInstruction({ yaw: 0.1, roll: 0 }, 'turn_left')).toBe(false);
    expect(matchesInstruction({ yaw: 0, roll: 15 }, 'tilt')).toBe(true);
    expect(matchesInstruction({ yaw: 0, roll: -15 }, 'tilt')).toBe(true);
    expect(matchesInstruction({ yaw: 0.6, roll: 4 }, 'tilt')).toBe(false);
    // A frontal, level face matches no instruction: every one asks for a visible movement.
    expect(poseInstructions.filter((i) => matchesInstruction({ yaw: 0, roll: 0 }, i))).toEqual([]);
  });
});
