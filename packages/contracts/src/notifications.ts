import { z } from 'zod';

/** /api/notifications/unsubscribe?t=…: the token from the mail's link. */
export const unsubscribeQuery = z.object({ t: z.string().max(200) });

/** The form field of an RFC 8058 one-click POST (urlencoded or multipart). */
export const oneClickBody = z.object({
  'List-Unsubscribe': z.literal('One-Click', { error: 'Bitte bestätige das Abbestellen mit „List-Unsubscribe=One-Click“.' }),
});
