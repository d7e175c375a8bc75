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
  /** The card swiped last, as the deck had it: an undo brings back this very card (its photo links already loaded), not a copy. */
  lastRemoved: FeedCard | null;
}

export type FeedAction =
  /** The query's pages so far; the ones not taken yet go under the stack. */
  | { type: 'pages'; pages: readonly FeedPage[] }
  | { type: 'remove'; id: string }
  /** A card back on top (a failed swipe, an undo): the deck's own copy when it is the card swiped last. */
  | { type: 'restore'; card: FeedCard };

export const initialFeedState: FeedState = { cards: [], pagesTaken: 0, seen: new Set(), lastRemoved: null };

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
      return { ...state, cards: [...state.cards, ...fresh], pagesTaken: action.pages.length, seen };
    }
    case 'remove': {
      const removed = state.cards.find((card) => card.id === action.id);
      return { ...state, cards: state.cards.filter((card) => card.id !== action.id), lastRemoved: removed ?? state.lastRemoved };
    }
    case 'restore': {
      const card = state.lastRemoved?.id === action.card.id ? state.lastRemoved : action.card;
      const seen = new Set(state.seen).add(card.id);
      return { ...state, cards: [card, ...state.cards.filter((c) => c.id !== card.id)], seen, lastRemoved: card === state.lastRemoved ? null : state.lastRemoved };
    }
  }
}
