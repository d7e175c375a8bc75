import { useRef, useState, type PointerEvent } from 'react';
import type { SwipeKind } from './api';
import { progressOf, releasedSwipe, type Offset } from './swipe-geometry';

interface Drag {
  pointerId: number;
  /** The card's left edge: where on the card a tap landed. */
  left: number;
  startX: number;
  startY: number;
  width: number;
  height: number;
}

/** A release within this many pixels of the press is a tap, not a drag. */
const TAP_PX = 8;

/**
 * Pointer-event dragging (mouse, touch and pen alike): the card follows the pointer; on release
 * past the threshold it becomes a swipe, otherwise it snaps back. A release where it was pressed
 * is a tap: `onTap` gets where on the card's width it landed (0 = left edge, 1 = right edge).
 */
export function useSwipeGesture(onSwipe: (kind: SwipeKind, from: Offset) => void, enabled: boolean, onTap?: (across: number) => void) {
  const drag = useRef<Drag | null>(null);
  const [offset, setOffset] = useState<Offset | null>(null);
  const [progress, setProgress] = useState(0);

  const move = (event: PointerEvent<HTMLElement>) => {
    const current = drag.current;
    if (!current || event.pointerId !== current.pointerId) return;
    const next = { x: event.clientX - current.startX, y: event.clientY - current.startY };
    setOffset(next);
    setProgress(progressOf(next, current.width, current.height));
  };

  const end = (event: PointerEvent<HTMLElement>, cancelled: boolean) => {
    const current = drag.current;
    if (!current || event.pointerId !== current.pointerId) return;
    drag.current = null;
    const last = { x: event.clientX - current.startX, y: event.clientY - current.startY };
    const kind = cancelled ? null : releasedSwipe(last, current.width, current.height);
    setOffset(null);
    setProgress(0);
    if (kind) onSwipe(kind, last);
    else if (!cancelled && onTap && Math.abs(last.x) < TAP_PX && Math.abs(last.y) < TAP_PX) onTap((event.clientX - current.left) / current.width);
  };

  const handlers = {
    onPointerDown: (event: PointerEvent<HTMLElement>) => {
      if (!enabled || drag.current || (event.pointerType === 'mouse' && event.button !== 0)) return;
      const rect = event.currentTarget.getBoundingClientRect();
      event.currentTarget.setPointerCapture(event.pointerId);
      drag.current = { pointerId: event.pointerId, left: rect.left, startX: event.clientX, startY: event.clientY, width: rect.width, height: rect.height };
      setOffset({ x: 0, y: 0 });
    },
    onPointerMove: move,
    onPointerUp: (event: PointerEvent<HTMLElement>) => end(event, false),
    onPointerCancel: (event: PointerEvent<HTMLElement>) => end(event, true),
    onLostPointerCapture: (event: PointerEvent<HTMLElement>) => end(event, true),
  };

  return { handlers, offset, progress };
}
