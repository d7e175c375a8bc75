import type { SwipeKind } from './api';

export interface Offset {
  x: number;
  y: number;
}

/** How far (share of the card's size, at least MIN_PX) a drag must go to count as a swipe. */
const SHARE_X = 0.3;
const SHARE_Y = 0.22;
const MIN_PX = 80;
const MAX_TILT_DEG = 16;

export const tiltOf = (offset: Offset) => Math.max(-MAX_TILT_DEG, Math.min(MAX_TILT_DEG, offset.x * 0.06));

export const transformOf = (offset: Offset) => `translate(${offset.x}px, ${offset.y}px) rotate(${tiltOf(offset)}deg)`;

/** Which way the drag points: up wins when it is the larger movement. */
export function directionOf(offset: Offset): SwipeKind | null {
  if (-offset.y > Math.abs(offset.x)) return 'flirt';
  if (offset.x > 0) return 'like';
  if (offset.x < 0) return 'skip';
  return null;
}

/** 0 at rest, 1 at the swipe threshold: drives the stamp's opacity. */
export function progressOf(offset: Offset, width: number, height: number): number {
  const kind = directionOf(offset);
  if (kind === 'flirt') return Math.min(1, -offset.y / Math.max(MIN_PX, height * SHARE_Y));
  return Math.min(1, Math.abs(offset.x) / Math.max(MIN_PX, width * SHARE_X));
}

/** The swipe a released drag makes, or null to snap back. */
export function releasedSwipe(offset: Offset, width: number, height: number): SwipeKind | null {
  return progressOf(offset, width, height) >= 1 ? directionOf(offset) : null;
}
