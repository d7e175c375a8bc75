import { useLayoutEffect } from 'react';
import { useLocation, useNavigationType } from 'react-router';

const positions = new Map<string, number>();

/**
 * What the data router's ScrollRestoration did: a new page starts at the top, back and forward
 * return to where the member was on that entry, an anchor is left to the browser. Positions are
 * recorded while scrolling, so a shorter next page cannot clamp the saved value.
 */
export function useScrollRestoration(): void {
  const { key, hash } = useLocation();
  const type = useNavigationType();
  useLayoutEffect(() => {
    if ('scrollRestoration' in window.history) window.history.scrollRestoration = 'manual';
    // An anchor (#main from the skip link) is the browser's to scroll to.
    if (!hash) window.scrollTo(0, type === 'POP' ? (positions.get(key) ?? 0) : 0);
    const save = () => positions.set(key, window.scrollY);
    window.addEventListener('scroll', save, { passive: true });
    return () => window.removeEventListener('scroll', save);
  }, [key, hash, type]);
}
