import { useLayoutEffect, type RefObject } from 'react';

/**
 * Keeps `--viewport-top` on the element: its distance from the top of the page, in px. CSS sizes
 * the element with it so that it and what follows fit the screen (issue 56, wall 2: the swipe card
 * and its buttons above the phone's tab bar, whatever the banners above it take). Measured again
 * when the page or the window changes size (a banner appearing, a phone turned).
 */
export function useViewportTop(ref: RefObject<HTMLElement | null>): void {
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    const measure = () => {
      const top = Math.round(element.getBoundingClientRect().top + window.scrollY);
      element.style.setProperty('--viewport-top', `${top}px`);
    };
    measure();
    window.addEventListener('resize', measure);
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(measure);
    observer?.observe(document.body);
    return () => {
      window.removeEventListener('resize', measure);
      observer?.disconnect();
    };
  }, [ref]);
}
