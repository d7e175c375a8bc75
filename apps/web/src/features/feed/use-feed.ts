import { useInfiniteQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useReducer } from 'react';
import * as queryKeys from '../../lib/query-keys';
import { fetchFeedPage, nextFeedCursor } from './api';
import { feedReducer, initialFeedState } from './feed-reducer';

/** Below this many cards on the stack the next page is fetched, so the stack never runs dry mid-swipe. */
const PREFETCH_BELOW = 3;

/**
 * The suggestion stack for one radius and round ('Neu laden' or applying a radius starts a new
 * round, i.e. a fresh first page): the pages come from an infinite query that follows the
 * X-Next-Cursor header whenever fewer than three cards remain; the deck reducer keeps the swipes.
 */
export function useFeed(radius: string, round: number, verifiedOnly = false) {
  const feed = useInfiniteQuery({
    queryKey: queryKeys.feed(radius, round, verifiedOnly),
    queryFn: ({ pageParam }) => fetchFeedPage(radius, pageParam, verifiedOnly),
    initialPageParam: null as string | null,
    getNextPageParam: nextFeedCursor,
    // A failed page waits for 'Erneut versuchen'; a round is loaded once and forgotten when left.
    retry: false,
    staleTime: Infinity,
    gcTime: 0,
  });
  const [state, dispatch] = useReducer(feedReducer, initialFeedState);
  const pages = feed.data?.pages;
  const { hasNextPage, isFetching, isError, fetchNextPage, refetch } = feed;

  useEffect(() => {
    if (pages) dispatch({ type: 'pages', pages });
  }, [pages]);

  const needsMore = state.cards.length < PREFETCH_BELOW && hasNextPage && !isFetching && !isError;
  useEffect(() => {
    if (needsMore) void fetchNextPage();
  }, [needsMore, fetchNextPage]);

  const retry = useCallback(() => void (pages ? fetchNextPage() : refetch()), [pages, fetchNextPage, refetch]);
  const done = feed.isSuccess && !hasNextPage;
  return { cards: state.cards, loading: isFetching, done, error: isError ? feed.error : null, dispatch, retry };
}
