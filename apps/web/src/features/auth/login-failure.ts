import { errorCode, errorMessage } from '../../lib/api-error';
import { de } from '../../i18n/de';

export type LoginFailure = { kind: 'unverified' } | { kind: 'error'; message: string };

/**
 * What the login form shows for a failed sign-in: the spec's hint with the resend button for an
 * unconfirmed address ('email_not_verified'), the server's German message for every other code (a
 * 'suspended' account is a 403 too, and must not be told to confirm its e-mail).
 */
export function loginFailure(error: unknown): LoginFailure {
  switch (errorCode(error)) {
    case 'email_not_verified':
      return { kind: 'unverified' };
    default:
      // 'suspended', 'invalid_credentials', 'rate_limited' …: the server's German sentence says it.
      return { kind: 'error', message: errorMessage(error, de.login.failed) };
  }
}
