import { INVALID_LOGIN_CODE } from '../auth.js';
import { defineErrors } from './define.js';

/** Registration, login, e-mail confirmation, password reset. */
export const authErrors = defineErrors({
  registration_failed: { status: 409, message: 'Registrierung fehlgeschlagen. Bitte versuche es erneut.' },
  invalid_credentials: { status: 401, message: 'E-Mail-Adresse oder Passwort ist falsch.' },
  suspended: { status: 403, message: 'Dein Konto ist gesperrt. Bitte wende dich an den Support.' },
  email_not_verified: {
    status: 403,
    message: ({ of }: { of?: 'reward' | 'vote' }) =>
      of === 'reward'
        ? 'Rewards gibt es erst, wenn deine E-Mail-Adresse bestätigt ist. Klicke auf den Link in unserer E-Mail oder fordere eine neue Bestätigung an.'
        : of === 'vote'
          ? 'Abstimmen kannst du, sobald deine E-Mail-Adresse bestätigt ist. Klicke auf den Link in unserer E-Mail oder fordere eine neue Bestätigung an.'
          : 'Deine E-Mail ist noch nicht bestätigt. Bitte prüfe dein Postfach und klicke auf den Bestätigungslink.',
  },
  already_verified: { status: 409, message: 'Deine E-Mail-Adresse ist bereits bestätigt.' },
  /** A confirmation or reset token; the unsubscribe link of a notification mail says so. */
  invalid_token: {
    status: 400,
    message: ({ of }: { of?: 'unsubscribe' }) =>
      of === 'unsubscribe'
        ? 'Dieser Abmeldelink ist ungültig oder abgelaufen. Deine E-Mail-Benachrichtigungen kannst du in den Einstellungen ändern.'
        : 'Ungültiger oder abgelaufener Token.',
  },
  invalid_login_code: { status: 400, message: INVALID_LOGIN_CODE },
  /** The advice is password-strength.ts's German sentence. */
  weak_password: { status: 400, message: ({ advice }: { advice: string }) => advice },
});

/** The messages of this domain's rate limits (code rate_limited). */
export const authLimits = {
  login_ip: 'Zu viele Anmeldeversuche. Bitte warte einige Minuten.',
  login_failures: 'Zu viele fehlgeschlagene Anmeldeversuche. Bitte warte etwas und versuche es dann erneut.',
  confirmation_mails: 'Du hast heute schon zu viele Bestätigungs-E-Mails angefordert. Bitte versuche es morgen erneut.',
} as const;
