import { describe, expect, it } from 'vitest';
import { directionOf, progressOf, releasedSwipe, tiltOf, transformOf } from './swipe-geometry';

describe('swipe geometry', () => {
  it('reads the direction, up winning when it is the larger movement', () => {
    expect(directionOf({ x: 0, y: 0 })).toBeNull();
    expect(directionOf({ x: 40, y: 0 })).toBe('like');
    expect(directionOf({ x: -40, y: 10 })).toBe('skip');
    expect(directionOf({ x: 30, y: -50 })).toBe('flirt');
    expect(directionOf({ x: 60, y: -50 })).toBe('like');
    // Down is never a flirt.
    expect(directionOf({ x: 0, y: 90 })).toBeNull();
  });

  it('needs 30 % of the width sideways and 22 % of the height upwards, at least 80 px', () => {
    expect(progressOf({ x: 60, y: 0 }, 400, 600)).toBeCloseTo(0.5);
    expect(releasedSwipe({ x: 119, y: 0 }, 400, 600)).toBeNull();
    expect(releasedSwipe({ x: 120, y: 0 }, 400, 600)).toBe('like');
    expect(releasedSwipe({ x: -120, y: 0 }, 400, 600)).toBe('skip');
    expect(releasedSwipe({ x: 0, y: -131 }, 400, 600)).toBeNull();
    expect(releasedSwipe({ x: 0, y: -132 }, 400, 600)).toBe('flirt');
    // A small card still needs 80 px.
    expect(releasedSwipe({ x: 79, y: 0 }, 100, 100)).toBeNull();
    expect(releasedSwipe({ x: 80, y: 0 }, 100, 100)).toBe('like');
    expect(progressOf({ x: 800, y: 0 }, 400, 600)).toBe(1);
  });

  it('tilts with the drag, at most 16 degrees', () => {
    expect(tiltOf({ x: 100, y: 0 })).toBeCloseTo(6);
    expect(tiltOf({ x: 1000, y: 0 })).toBe(16);
    expect(tiltOf({ x: -1000, y: 0 })).toBe(-16);
    expect(transformOf({ x: 100, y: -20 })).toBe('translate(100px, -20px) rotate(6deg)');
  });
});
