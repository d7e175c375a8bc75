import { useCallback, useEffect, useReducer, useRef } from 'react';
import { fetchFeedPage } from './api';
import { feedReducer, initialFeedState } from './feed-reducer';

/** Below this many cards on the stack the next page is fetched, so the stack never runs dry mid-swipe. */
const PREFETCH_BELOW = 3;

/**
 * The suggestion stack for one radius (mount it with key={radius} to start over): loads the first
 * page, then follows the X-Next-Cursor header whenever fewer than three cards remain.
 */
export function useFeed(radius: string) {
  const [state, dispatch] = useReducer(feedReducer, initialFeedState);
  const inFlight = useRef(false);
  const needsMore = state.cards.length < PREFETCH_BELOW && !state.done && state.error === null;
  const { cursor } = state;

  useEffect(() => {
    if (!needsMore || inFlight.current) return;
    inFlight.current = true;
    dispatch({ type: 'loading' });
    fetchFeedPage(radius, cursor).then(
      (page) => {
        inFlight.current = false;
        dispatch({ type: 'loaded', page });
      },
      (error: unknown) => {
        inFlight.current = false;
        dispatch({ type: 'failed', error });
      },
    );
  }, [needsMore, cursor, radius]);

  const retry = useCallback(() => dispatch({ type: 'retry' }), []);
  return { state, dispatch, retry };
}
