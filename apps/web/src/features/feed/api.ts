import { type FeedCard, feedResponse, NEXT_CURSOR_HEADER } from '@funkeln/contracts/feed';
import { likeResponse, type LikeResponse, undoResponse } from '@funkeln/contracts/swipes';
import { api } from '../../lib/api';

export type SwipeKind = 'like' | 'flirt' | 'skip';

const PAGE_SIZE = 20;

export interface FeedPage {
  cards: FeedCard[];
  /** Null when there are no further pages. */
  nextCursor: string | null;
}

/** One page of suggestions; an empty radius means no limit. */
export async function fetchFeedPage(radius: string, cursor: string | null): Promise<FeedPage> {
  const params = new URLSearchParams({ radius, limit: String(PAGE_SIZE) });
  if (cursor) params.set('cursor', cursor);
  const { data, headers } = await api.getWithHeaders(`/feed?${params.toString()}`, feedResponse);
  return { cards: data, nextCursor: headers.get(NEXT_CURSOR_HEADER) || null };
}

/** The cursor of the page after `last`, or undefined at the end (no cursor, or one that does not move). */
export function nextFeedCursor(last: FeedPage, _pages: unknown, lastCursor: string | null): string | undefined {
  // A cursor that does not move would ask for the same page forever.
  return last.nextCursor === null || last.nextCursor === lastCursor ? undefined : last.nextCursor;
}

export const sendSwipe = (id: string, kind: SwipeKind): Promise<LikeResponse> =>
  api.post(`/likes/${encodeURIComponent(id)}?type=${kind}`, likeResponse);

/** The last skip or like of the last 10 seconds comes back, or null when there is none. */
export const undoLastSwipe = async (): Promise<FeedCard | null> => (await api.post('/likes/undo', undoResponse)).card;
