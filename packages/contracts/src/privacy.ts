import { z } from 'zod';

/** GET/PUT /api/me/consent: explicit consent to process gender and wishes (Art. 9 DSGVO). */
export const consentBody = z.object({ orientation: z.boolean({ error: 'Bitte gib an, ob du einwilligst.' }) });
export const consentResponse = z.object({
  orientation: z.enum(['given', 'withdrawn', 'unknown']),
  history: z.array(z.object({ given: z.boolean(), at: z.string() })),
});
export type ConsentResponse = z.infer<typeof consentResponse>;

/** DELETE /api/me: the password, or (accounts without one) a sign-in of the last 10 minutes. */
export const deleteAccountBody = z.object({ password: z.string().max(200).optional() });

/** A device the member opted in to Web Push: its push service address (the member's own browser's) and since when. */
const exportedPushSubscription = z.object({ endpoint: z.string(), created_at: z.string() });

/** GET /api/me/export: everything stored about the member, one JSON document (its tables and photos). */
export const exportResponse = z.looseObject({ pushSubscriptions: z.array(exportedPushSubscription) });
