import { describe, expect, it, vi } from 'vitest';
import { de } from '../../i18n/de';

// The API client's token storage listens on window at import: a bare EventTarget stands in for it.
vi.stubGlobal('window', new EventTarget());
const { ApiError } = await import('../../lib/api');
const { loginFailure } = await import('./login-failure');

describe('loginFailure', () => {
  it('shows the resend hint only for an unconfirmed address', () => {
    expect(loginFailure(new ApiError(403, 'x', 'email_not_verified', 'Deine E-Mail ist noch nicht bestätigt.'))).toEqual({ kind: 'unverified' });
  });

  it('tells a suspended member so, not to confirm their e-mail', () => {
    const suspended = new ApiError(403, 'x', 'suspended', 'Dein Konto ist gesperrt. Bitte wende dich an den Support.');
    expect(loginFailure(suspended)).toEqual({ kind: 'error', message: 'Dein Konto ist gesperrt. Bitte wende dich an den Support.' });
  });

  it('shows the server message for wrong credentials and a fallback without one', () => {
    expect(loginFailure(new ApiError(401, 'x', 'invalid_credentials', 'E-Mail-Adresse oder Passwort ist falsch.'))).toEqual({
      kind: 'error',
      message: 'E-Mail-Adresse oder Passwort ist falsch.',
    });
    expect(loginFailure(new Error('boom'))).toEqual({ kind: 'error', message: de.login.failed });
  });
});
