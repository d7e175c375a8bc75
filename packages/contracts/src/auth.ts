import { z } from 'zod';
import { text } from './fields.js';

// Control characters, bidi overrides and invisible spaces make names spoofable; zero-width
// joiners stay allowed because emoji sequences need them.
const forbiddenNameChars = /[\p{Cc}\u200B\u200E\u200F\u202A-\u202E\u2060\u2066-\u2069\uFEFF]/u;

export const email = z.string().trim().toLowerCase().max(254).pipe(z.email());
/** Every password a member types (register, login, reset, change): one bound so none can lock its owner out. */
export const password = z.string().min(8).max(128);
export const displayName = text({ min: 2, max: 40 }).refine((v) => !forbiddenNameChars.test(v), 'Der Name enthält unzulässige Zeichen.');

export const registerBody = z.object({ email, password, displayName });
export type RegisterBody = z.infer<typeof registerBody>;

export const loginBody = z.object({ email, password });
export type LoginBody = z.infer<typeof loginBody>;

export const tokenResponse = z.object({ token: z.string() });
export type TokenResponse = z.infer<typeof tokenResponse>;

export const emailBody = z.object({ email });
export type EmailBody = z.infer<typeof emailBody>;

/**
 * The answer to a request for a confirmation mail: 'sent' (one is on its way), or 'recently_sent'
 * (one was sent or asked for under a minute ago, so none now) with a sentence saying so honestly.
 * Signed out, the outcome depends only on the address asked for, never on whether it has an account.
 */
export const mailRequestResponse = z.object({ message: z.string(), outcome: z.enum(['sent', 'recently_sent']) });
export type MailRequestResponse = z.infer<typeof mailRequestResponse>;

/** Single-use tokens from mails are base64url, 43 characters for 256 bits. */
export const mailToken = z.string().min(16).max(128);
export const verifyConfirmBody = z.object({ token: mailToken });
export type VerifyConfirmBody = z.infer<typeof verifyConfirmBody>;

export const passwordConfirmBody = z.object({ token: mailToken, newPassword: password });
export type PasswordConfirmBody = z.infer<typeof passwordConfirmBody>;

export const role = z.enum(['member', 'admin']);
export type Role = z.infer<typeof role>;

/** GET /api/me: the signed-in member's own account. */
export const meResponse = z.object({
  id: z.string(),
  email: z.string(),
  display_name: z.string(),
  email_verified: z.boolean(),
  role,
  created_at: z.string(),
  isPremium: z.boolean(),
  /** End of the member's premium time (ISO), null when not premium. */
  premiumUntil: z.string().nullable(),
  /** Whether she accepted the AGB in force (TERMS_VERSION); false: the app asks once (issue 57). */
  termsCurrent: z.boolean(),
});
export type MeResponse = z.infer<typeof meResponse>;

/** GET /api/auth/providers: which sign-in methods the server offers. */
export const providersResponse = z.object({ google: z.boolean(), apple: z.boolean() });
export type ProvidersResponse = z.infer<typeof providersResponse>;

/** POST /api/auth/oauth/exchange: the one-time login code from /login?token= for a session. */
export const oauthExchangeBody = z.object({ code: mailToken });
export type OauthExchangeBody = z.infer<typeof oauthExchangeBody>;
export const INVALID_LOGIN_CODE = 'Dieser Anmeldelink ist ungültig oder abgelaufen. Bitte melde dich erneut an.';

export const loginQuery = z.object({ token: z.string().optional(), error: z.string().optional() });

/** Codes the Google callback puts into /login?error=..., with what the login page shows. */
export const oauthErrorMessages = {
  google_unavailable: 'Die Anmeldung mit Google ist derzeit nicht verfügbar.',
  google_failed: 'Die Anmeldung mit Google ist fehlgeschlagen. Bitte versuche es erneut.',
  google_email_missing: 'Google hat uns keine E-Mail-Adresse übermittelt. Bitte registriere dich mit E-Mail und Passwort.',
  google_link_unverified:
    'Zu dieser E-Mail-Adresse gibt es bereits ein Konto. Melde dich mit deinem Passwort an und bestätige deine E-Mail-Adresse, dann kannst du Google verknüpfen.',
} as const;
export type OauthErrorCode = keyof typeof oauthErrorMessages;
export const APPLE_UNAVAILABLE = 'Apple OAuth bald verfügbar.';
