import { z } from 'zod';
import { queryInt, id } from './fields.js';
import { feedCard } from './feed.js';

/** Swipes (a like, a flirt or a skip: the kinds of swipe; the routes keep the spec's /api/likes path), undo, flirts received (anonymous until liked back), matches. */
export const swipeKinds = ['like', 'flirt', 'skip'] as const;
export const swipeQuery = z.object({ type: z.enum(swipeKinds).default('like') });
export const swipeResponse = z.object({ match: z.boolean() });
export type SwipeResponse = z.infer<typeof swipeResponse>;

/** POST /api/likes/undo: the last skip or like of the last 10 seconds, back on the stack as the viewer's feed shows its card. */
export const undoResponse = z.object({ card: feedCard.nullable() });

export const matchItem = z.object({
  /** The other member (the wire key stays `userId`: clients read it). */
  userId: z.string(),
  name: z.string(),
  thumbUrl: z.string().nullable(),
  matchedAt: z.string(),
});
export type MatchItem = z.infer<typeof matchItem>;
export const matchesResponse = z.array(matchItem);

/** A flirt received: anonymous until the recipient likes back (no name, no id; the thumbnail is drawn for the flirt alone, nothing of the sender's photo). */
export const receivedFlirt = z.object({
  flirtId: z.string(),
  blurredThumbUrl: z.string().nullable(),
  receivedAt: z.string(),
});
export type ReceivedFlirt = z.infer<typeof receivedFlirt>;
export const receivedFlirtsResponse = z.array(receivedFlirt);
export const flirtParams = z.object({ flirtId: id() });
/** The signed link of a flirt's blurred thumbnail (blurredThumbUrl): it names the flirt, never the sender or their photo. */
export const blurredThumbQuery = z.object({
  exp: queryInt(1, Number.MAX_SAFE_INTEGER),
  sig: z.string().min(20).max(100),
});

export const targetParams = z.object({ id: id() });
/** DELETE /api/matches/:memberId */
export const matchParams = z.object({ memberId: id() });

/** Realtime `match` event to both members. */
export const matchEvent = z.object({ match: matchItem });
export type MatchEvent = z.infer<typeof matchEvent>;

/**
 * GET /api/new-counts: the member's own matches and anonymous flirts that came since she last
 * opened the Matches and the Flirts list (the badges on those tabs). Counted by the lists' own
 * rules, so they tell nothing the lists do not show; at most MAX_NEW_COUNT each.
 */
export const newCounts = z.object({ matches: z.number().int().min(0), flirts: z.number().int().min(0) });
export type NewCounts = z.infer<typeof newCounts>;
/** Beyond this many the badge says '99+' anyway: the counts stop there. */
export const MAX_NEW_COUNT = 100;
export const seenLists = ['matches', 'flirts'] as const;
export type SeenList = (typeof seenLists)[number];
/** POST /api/new-counts/seen: the member opened one of the lists; what is there is no longer new (on every device). */
export const seenBody = z.object({ list: z.enum(seenLists, { error: 'Die Liste ist matches oder flirts.' }) }).strict();
/**
 * Realtime `new-counts` event to the member's own sessions when her counts change (a new match or
 * flirt, a list opened on another device).
 * @alias the same body as GET /api/new-counts
 */
export const newCountsEvent = newCounts;
