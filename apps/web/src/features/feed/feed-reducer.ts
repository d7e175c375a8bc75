import type { FeedCard } from '@funkeln/contracts/feed';
import type { FeedPage } from './api';

/** The deck: what the paged query (use-feed.ts) has loaded, minus what was swiped, plus what came back. */
export interface FeedState {
  /** The stack, top card first. */
  cards: FeedCard[];
  /** How many of the query's pages are already on the stack. */
  pagesTaken: number;
  /** Ids already shown, so overlapping pages never repeat a card. */
  seen: ReadonlySet<string>;
}

export type FeedAction =
  /** The query's pages so far; the ones not taken yet go under the stack. */
  | { type: 'pages'; pages: readonly FeedPage[] }
  | { type: 'remove'; id: string }
  | { type: 'restore'; card: FeedCard };

export const initialFeedState: FeedState = { cards: [], pagesTaken: 0, seen: new Set() };

export function feedReducer(state: FeedState, action: FeedAction): FeedState {
  switch (action.type) {
    case 'pages': {
      if (action.pages.length <= state.pagesTaken) return state;
      const seen = new Set(state.seen);
      const fresh: FeedCard[] = [];
      for (const page of action.pages.slice(state.pagesTaken)) {
        for (const card of page.cards) {
          if (seen.has(card.id)) continue;
          seen.add(card.id);
          fresh.push(card);
        }
      }
      return { cards: [...state.cards, ...fresh], pagesTaken: action.pages.length, seen };
    }
    case 'remove':
      return { ...state, cards: state.cards.filter((card) => card.id !== action.id) };
    case 'restore': {
      const seen = new Set(state.seen).add(action.card.id);
      return { ...state, cards: [action.card, ...state.cards.filter((card) => card.id !== action.card.id)], seen };
    }
  }
}
