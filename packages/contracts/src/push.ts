import { z } from 'zod';

/** GET /api/push/key: the VAPID public key the browser subscribes with (applicationServerKey). */
export const pushKeyResponse = z.object({ publicKey: z.string() });
export type PushKeyResponse = z.infer<typeof pushKeyResponse>;

/**
 * The URL the server will POST to, exactly as stored and sent: printable ASCII only (a browser's
 * PushSubscription.endpoint is a serialized URL, so it never has more). The URL parser would
 * accept a NUL, control characters, spaces or non-ASCII by percent-encoding them, and PostgreSQL
 * refuses NUL in text.
 */
const endpoint = z
  .url({ protocol: /^https$/, error: 'Die Push-Adresse muss eine https-URL sein.' })
  .max(1024, 'Die Push-Adresse ist zu lang.')
  .regex(/^[\x21-\x7e]*$/, 'Die Push-Adresse enthält unzulässige Zeichen.');

/** A key as PushSubscription.toJSON() gives it: base64url of `bytes` bytes, padding optional. */
const base64urlKey = (chars: number, what: string) =>
  z.string({ error: `Bitte gib den Schlüssel ${what} an.` }).regex(new RegExp(`^[A-Za-z0-9_-]{${chars}}=*$`), `Der Schlüssel ${what} ist ungültig.`).max(chars + 2, `Der Schlüssel ${what} ist ungültig.`);

/** POST /api/push/subscriptions: this device's PushSubscription.toJSON(). */
export const pushSubscriptionBody = z.object({
  endpoint,
  keys: z.object({ p256dh: base64urlKey(87, 'p256dh'), auth: base64urlKey(22, 'auth') }),
});
export type PushSubscriptionBody = z.infer<typeof pushSubscriptionBody>;

/** DELETE /api/push/subscriptions: forget this device. */
export const pushUnsubscribeBody = z.object({ endpoint });

export const pushSubscriptionResponse = z.object({ subscribed: z.boolean() });

/** What the service worker shows: German title and body, and the app URL a tap opens. */
export const pushPayload = z.object({ title: z.string(), body: z.string(), url: z.string(), tag: z.string() });
export type PushPayload = z.infer<typeof pushPayload>;
