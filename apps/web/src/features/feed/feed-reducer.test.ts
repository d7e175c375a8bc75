import type { FeedCard } from '@funkeln/contracts/feed';
import { describe, expect, it } from 'vitest';
import { nextFeedCursor, type FeedPage } from './api';
import { feedReducer, initialFeedState, type FeedState } from './feed-reducer';

const card = (id: string): FeedCard => ({ id, name: `Mitglied ${id}`, photoUrl: `/p/${id}.webp` });
const page = (ids: string[], nextCursor: string | null = 'c'): FeedPage => ({ cards: ids.map(card), nextCursor });
const ids = (state: FeedState) => state.cards.map((c) => c.id);

describe('feedReducer', () => {
  it('puts each new page under the stack once', () => {
    const first = page(['a', 'b']);
    const one = feedReducer(initialFeedState, { type: 'pages', pages: [first] });
    expect(ids(one)).toEqual(['a', 'b']);
    // The same pages again (a re-render) change nothing.
    expect(feedReducer(one, { type: 'pages', pages: [first] })).toBe(one);
    const two = feedReducer(one, { type: 'pages', pages: [first, page(['c'])] });
    expect(ids(two)).toEqual(['a', 'b', 'c']);
    expect(two.pagesTaken).toBe(2);
  });

  it('never repeats a card that overlapping pages bring twice, even after it was swiped', () => {
    const one = feedReducer(initialFeedState, { type: 'pages', pages: [page(['a', 'b'])] });
    const swiped = feedReducer(one, { type: 'remove', id: 'a' });
    const two = feedReducer(swiped, { type: 'pages', pages: [page(['a', 'b']), page(['b', 'a', 'c'])] });
    expect(ids(two)).toEqual(['b', 'c']);
  });

  it('restores a card on top, once', () => {
    const one = feedReducer(initialFeedState, { type: 'pages', pages: [page(['a', 'b'])] });
    const restored = feedReducer(feedReducer(one, { type: 'remove', id: 'a' }), { type: 'restore', card: card('a') });
    expect(ids(restored)).toEqual(['a', 'b']);
    expect(ids(feedReducer(restored, { type: 'restore', card: card('b') }))).toEqual(['b', 'a']);
  });

  it('takes an undone card from outside the deck and keeps it out of later pages', () => {
    const restored = feedReducer(initialFeedState, { type: 'restore', card: card('z') });
    expect(ids(feedReducer(restored, { type: 'pages', pages: [page(['z', 'y'])] }))).toEqual(['z', 'y']);
  });
});

describe('nextFeedCursor', () => {
  it('follows the sealed cursor as it is', () => {
    expect(nextFeedCursor(page(['a'], 'opaque.v1.abc'), [], null)).toBe('opaque.v1.abc');
  });

  it('ends without a cursor, and when the cursor does not move', () => {
    expect(nextFeedCursor(page(['a'], null), [], 'x')).toBeUndefined();
    expect(nextFeedCursor(page(['a'], 'x'), [], 'x')).toBeUndefined();
  });

  it("brings back the swiped card as the deck had it, not the undo answer's copy (issue 56 item 4)", () => {
    const full: FeedCard = { ...card('a'), photoVerified: true, badges: ['Top10 Juni'], about: 'Wandern und Kaffee', interests: ['hiking'], sharedInterests: 1 };
    const one = feedReducer(initialFeedState, { type: 'pages', pages: [{ cards: [full, card('b')], nextCursor: null }] });
    const swiped = feedReducer(one, { type: 'remove', id: 'a' });
    const undone = feedReducer(swiped, { type: 'restore', card: card('a') });
    expect(undone.cards[0]).toEqual(full);
    // Another member's card (an undo from another device) comes as the server sends it.
    expect(feedReducer(swiped, { type: 'restore', card: card('z') }).cards[0]).toEqual(card('z'));
    // A failed earlier swipe put back in between leaves the last swiped card ready for the undo.
    const two = feedReducer(feedReducer(swiped, { type: 'remove', id: 'b' }), { type: 'restore', card: card('a') });
    expect(feedReducer(two, { type: 'restore', card: { id: 'b', name: 'Mitglied b', photoUrl: '/stripped.webp' } }).cards[0]).toEqual(card('b'));
  });
});
