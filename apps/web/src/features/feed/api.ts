import { type FeedCard, NEXT_CURSOR_HEADER } from '@funkeln/contracts/feed';
import { feedEndpoints } from '@funkeln/contracts/routes/feed';
import { swipesEndpoints } from '@funkeln/contracts/routes/swipes';
import type { SwipeResponse } from '@funkeln/contracts/swipes';
import { call, callWithHeaders } from '../../lib/api';

export type SwipeKind = 'like' | 'flirt' | 'skip';

const PAGE_SIZE = 20;

export interface FeedPage {
  cards: FeedCard[];
  /** Null when there are no further pages. */
  nextCursor: string | null;
}

/** One page of suggestions; an empty radius means no limit; verifiedOnly: 'nur verifizierte Profile'. */
export async function fetchFeedPage(radius: string, cursor: string | null, verifiedOnly = false): Promise<FeedPage> {
  const query = { radius, limit: String(PAGE_SIZE), cursor: cursor || undefined, verified: verifiedOnly ? ('true' as const) : undefined };
  const { data, headers } = await callWithHeaders(feedEndpoints.feed, { query });
  return { cards: data, nextCursor: headers.get(NEXT_CURSOR_HEADER) || null };
}

/** The cursor of the page after `last`, or undefined at the end (no cursor, or one that does not move). */
export function nextFeedCursor(last: FeedPage, _pages: unknown, lastCursor: string | null): string | undefined {
  // A cursor that does not move would ask for the same page forever.
  return last.nextCursor === null || last.nextCursor === lastCursor ? undefined : last.nextCursor;
}

export const sendSwipe = (id: string, kind: SwipeKind): Promise<SwipeResponse> =>
  call(swipesEndpoints.swipe, { params: { id }, query: { type: kind } });

/** The last skip or like of the last 10 seconds comes back, or null when there is none. */
export const undoLastSwipe = async (): Promise<FeedCard | null> => (await call(swipesEndpoints.undo)).card;
