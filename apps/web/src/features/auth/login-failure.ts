import { ApiError, errorMessage } from '../../lib/api';
import { de } from '../../i18n/de';

export type LoginFailure = { kind: 'unverified' } | { kind: 'error'; message: string };

/**
 * What the login form shows for a failed sign-in: the spec's hint with the resend button for an
 * unconfirmed address, the server's German message for everything else (a suspended account is a
 * 403 too, and must not be told to confirm its e-mail).
 */
export function loginFailure(error: unknown): LoginFailure {
  if (error instanceof ApiError && error.status === 403 && error.code === 'email_not_verified') return { kind: 'unverified' };
  return { kind: 'error', message: errorMessage(error, de.login.failed) };
}
