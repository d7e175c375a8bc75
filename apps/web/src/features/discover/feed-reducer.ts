import type { FeedCard } from '@funkeln/contracts/discovery';
import type { FeedPage } from './api';

export interface FeedState {
  /** The stack, top card first. */
  cards: FeedCard[];
  cursor: string | null;
  /** True once the server said there are no further pages. */
  done: boolean;
  loading: boolean;
  error: unknown;
  /** Ids already shown, so overlapping pages never repeat a card. */
  seen: ReadonlySet<string>;
}

export type FeedAction =
  | { type: 'loading' }
  | { type: 'loaded'; page: FeedPage }
  | { type: 'failed'; error: unknown }
  | { type: 'retry' }
  | { type: 'remove'; id: string }
  | { type: 'restore'; card: FeedCard };

export const initialFeedState: FeedState = {
  cards: [],
  cursor: null,
  done: false,
  loading: false,
  error: null,
  seen: new Set(),
};

export function feedReducer(state: FeedState, action: FeedAction): FeedState {
  switch (action.type) {
    case 'loading':
      return { ...state, loading: true, error: null };
    case 'loaded': {
      const fresh = action.page.cards.filter((card) => !state.seen.has(card.id));
      const seen = new Set(state.seen);
      for (const card of fresh) seen.add(card.id);
      const { nextCursor } = action.page;
      // A cursor that does not move would ask for the same page forever.
      const done = nextCursor === null || nextCursor === state.cursor;
      return { ...state, cards: [...state.cards, ...fresh], cursor: nextCursor, done, loading: false, seen };
    }
    case 'failed':
      return { ...state, loading: false, error: action.error };
    case 'retry':
      return { ...state, error: null };
    case 'remove':
      return { ...state, cards: state.cards.filter((card) => card.id !== action.id) };
    case 'restore': {
      const seen = new Set(state.seen).add(action.card.id);
      return { ...state, cards: [action.card, ...state.cards.filter((card) => card.id !== action.card.id)], seen };
    }
  }
}
