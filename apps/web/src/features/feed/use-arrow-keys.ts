import { useEffect, useLayoutEffect, useRef } from 'react';
import type { SwipeKind } from './api';

const KEYS: Partial<Record<string, SwipeKind>> = { ArrowRight: 'like', ArrowLeft: 'skip', ArrowUp: 'flirt' };

/** Typing in a field (the radius input) keeps its arrow keys; so does any open dialog. */
function keepsKeys(target: EventTarget | null): boolean {
  if (document.querySelector('dialog[open]')) return true;
  return target instanceof Element && target.closest('input, textarea, select, [contenteditable]:not([contenteditable="false"])') !== null;
}

/** → Like, ← Skip, ↑ Flirt while the page has focus (not while typing, not with modifiers, no key repeat). */
export function useArrowKeys(onKey: (kind: SwipeKind) => void, enabled: boolean): void {
  const latest = useRef(onKey);
  useLayoutEffect(() => {
    latest.current = onKey;
  });

  useEffect(() => {
    if (!enabled) return;
    const handle = (event: KeyboardEvent) => {
      const kind = KEYS[event.key];
      if (!kind || event.defaultPrevented || event.repeat) return;
      if (event.altKey || event.ctrlKey || event.metaKey || event.shiftKey || keepsKeys(event.target)) return;
      event.preventDefault();
      latest.current(kind);
    };
    window.addEventListener('keydown', handle);
    return () => window.removeEventListener('keydown', handle);
  }, [enabled]);
}
