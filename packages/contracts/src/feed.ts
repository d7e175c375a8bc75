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
  /** 'true': only members with the badge "Foto verifiziert" (the filter "nur verifizierte Profile"; beyond the spec). */
  verified: z.enum(['true', 'false'], { error: 'Der Filter „nur verifizierte Profile“ ist true oder false.' }).optional(),
});
export type FeedQuery = z.infer<typeof feedQuery>;
export const NEXT_CURSOR_HEADER = 'x-next-cursor';

/** Spec 3: id, photoUrl, name, age, city; premium members also get a distance band. */
export const feedCard = z.object({
  id: z.string(),
  photoUrl: z.string(),
  /** Every approved photo in the member's order, the first being photoUrl (beyond the spec). */
  photos: z.array(z.string()).optional(),
  name: z.string(),
  age: z.number().int().optional(),
  city: z.string().optional(),
  distance: z.string().optional(),
  /** Names of the member's badges (beyond the spec's card). */
  badges: z.array(z.string()).optional(),
  /** The start of the member's about-me text, at most ABOUT_PREVIEW characters, cut at a word with '…' (beyond the spec). */
  about: z.string().optional(),
  /** The member's interest ids, those the viewer shares first (beyond the spec). */
  interests: z.array(z.string()).optional(),
  /** How many of `interests` the viewer picked too: the first `sharedInterests` entries. */
  sharedInterests: z.number().int().optional(),
  /** The member passed the photo verification ("Foto verifiziert"; beyond the spec). */
  photoVerified: z.boolean().optional(),
});
export type FeedCard = z.infer<typeof feedCard>;
/** How much of the about-me text a card carries. */
export const ABOUT_PREVIEW = 160;
export const feedResponse = z.array(feedCard);

/** Distance bands for premium members: 'unter 5 km', then 5 km steps rounded up. */
export function distanceBand(km: number): string {
  if (km < 5) return 'unter 5 km';
  return `${Math.ceil(km / 5) * 5} km`;
}
