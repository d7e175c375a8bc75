import { describe, expect, it } from 'vitest';
import { de } from '../../i18n/de';
import { ApiError } from '../../lib/api-error';
import { loginFailure } from './login-failure';

describe('loginFailure', () => {
  it('shows the resend hint only for an unconfirmed address', () => {
    expect(loginFailure(new ApiError(403, 'email_not_verified', 'x', 'Deine E-Mail ist noch nicht bestätigt.'))).toEqual({ kind: 'unverified' });
  });

  it('tells a suspended member so, not to confirm their e-mail', () => {
    const suspended = new ApiError(403, 'suspended', 'x', 'Dein Konto ist gesperrt. Bitte wende dich an den Support.');
    expect(loginFailure(suspended)).toEqual({ kind: 'error', message: 'Dein Konto ist gesperrt. Bitte wende dich an den Support.' });
  });

  it('shows the server message for wrong credentials and a fallback without one', () => {
    expect(loginFailure(new ApiError(401, 'invalid_credentials', 'x', 'E-Mail-Adresse oder Passwort ist falsch.'))).toEqual({
      kind: 'error',
      message: 'E-Mail-Adresse oder Passwort ist falsch.',
    });
    expect(loginFailure(new Error('boom'))).toEqual({ kind: 'error', message: de.login.failed });
  });
});
