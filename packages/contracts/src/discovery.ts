import { z } from 'zod';
import { queryInt } from './fields.js';

export const RADIUS_MESSAGE = 'Der Umkreis muss eine ganze Zahl zwischen 1 und 500 km sein – oder leer für unbegrenzt.';

/** GET /api/feed: empty radius = no limit; the cursor comes from the X-Next-Cursor header. */
export const feedQuery = z.object({
  radius: z
    .string()
    .regex(/^(\d{1,3})?$/, RADIUS_MESSAGE)
    .refine((v) => v === '' || (Number(v) >= 1 && Number(v) <= 500), RADIUS_MESSAGE)
    .optional(),
  cursor: z.string().max(200).optional(),
  limit: queryInt(1, 50).optional(),
});
export type FeedQuery = z.infer<typeof feedQuery>;
export const NEXT_CURSOR_HEADER = 'x-next-cursor';

/** Spec 3: id, photoUrl, name, age, city; premium members also get a distance band. */
export const feedCard = z.object({
  id: z.string(),
  photoUrl: z.string(),
  name: z.string(),
  age: z.number().int().optional(),
  city: z.string().optional(),
  distance: z.string().optional(),
  /** Names of the member's badges (beyond the spec's card). */
  badges: z.array(z.string()).optional(),
});
export type FeedCard = z.infer<typeof feedCard>;
export const feedResponse = z.array(feedCard);

export const swipeKinds = ['like', 'flirt', 'skip'] as const;
export const likeQuery = z.object({ type: z.enum(swipeKinds).default('like') });
export const likeResponse = z.object({ match: z.boolean() });
export type LikeResponse = z.infer<typeof likeResponse>;

/** POST /api/likes/undo: the last skip or like of the last 10 seconds, back on the stack. */
export const undoResponse = z.object({ card: feedCard.nullable() });

export const matchItem = z.object({
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
export const flirtParams = z.object({ flirtId: z.uuid() });
/** The signed link of a flirt's blurred thumbnail (blurredThumbUrl): it names the flirt, never the sender or their photo. */
export const blurredThumbQuery = z.object({
  exp: queryInt(1, Number.MAX_SAFE_INTEGER),
  sig: z.string().min(20).max(100),
});

export const targetParams = z.object({ id: z.uuid() });
export const userIdParam = z.object({ userId: z.uuid() });

/** Realtime `match` event to both members. */
export const matchEvent = z.object({ match: matchItem });
export type MatchEvent = z.infer<typeof matchEvent>;

/** Distance bands for premium members: 'unter 5 km', then 5 km steps rounded up. */
export function distanceBand(km: number): string {
  if (km < 5) return 'unter 5 km';
  return `${Math.ceil(km / 5) * 5} km`;
}
