import type { Point } from './protocol.js';

/** The poses a member is asked for. Left/right are the member's own left/right, seen in an unmirrored camera frame. */
export const poseInstructions = ['turn_left', 'turn_right', 'tilt'] as const;
export type PoseInstruction = (typeof poseInstructions)[number];
/**
 * The poses an attempt draws: the turns. A tilt is a rotation within the picture's plane, which a
 * rotated still photo shows just as well, so a recording of one can only go to the team (liveness.ts);
 * it stays a valid instruction for attempts drawn before.
 */
export const drawnInstructions = ['turn_left', 'turn_right'] as const satisfies readonly PoseInstruction[];

export interface HeadPose {
  /**
   * -1..1: where the nose tip sits between the jaw's outer points (0 and 16), 0 = centred. Positive: the
   * nose is nearer the image's right edge, which is the member's own left; the head is turned to its left.
   */
  yaw: number;
  /** Degrees the line through the eye centres leans from horizontal (image y points down); either sign is a tilt. */
  roll: number;
}

/** |yaw| at or above this counts as a turn; the sample photos' frontal faces stay below 0.27, turned ones reach 0.65+. */
const TURN_MIN_YAW = 0.3;
/** |roll| at or above this counts as a tilt. */
const TILT_MIN_DEGREES = 12;

function centre(points: Point[]): Point {
  const n = points.length;
  return { x: points.reduce((s, p) => s + p.x, 0) / n, y: points.reduce((s, p) => s + p.y, 0) / n };
}

/** Head pose from the 68 face landmarks. Throws on any other count. */
export function headPose(landmarks: Point[]): HeadPose {
  if (landmarks.length !== 68) throw new Error(`Expected 68 landmarks, got ${landmarks.length}`);
  const jawLeft = landmarks[0] as Point;
  const jawRight = landmarks[16] as Point;
  const nose = landmarks[30] as Point;
  const toLeft = nose.x - jawLeft.x;
  const toRight = jawRight.x - nose.x;
  const yaw = toLeft + toRight > 0 ? (toLeft - toRight) / (toLeft + toRight) : 0;
  const eyeA = centre(landmarks.slice(36, 42));
  const eyeB = centre(landmarks.slice(42, 48));
  const roll = (Math.atan2(eyeB.y - eyeA.y, eyeB.x - eyeA.x) * 180) / Math.PI;
  return { yaw: Math.max(-1, Math.min(1, yaw)), roll };
}

/** Whether a pose shows what the instruction asked for. */
export function matchesInstruction(pose: HeadPose, instruction: PoseInstruction): boolean {
  switch (instruction) {
    case 'turn_left':
      return pose.yaw >= TURN_MIN_YAW;
    case 'turn_right':
      return pose.yaw <= -TURN_MIN_YAW;
    case 'tilt':
      return Math.abs(pose.roll) >= TILT_MIN_DEGREES;
  }
}
