import { errorMessage } from '@funkeln/contracts/errors';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { de } from '../../../i18n/de';
import { failure } from '../../../test/api-handlers';
import { renderPage } from '../../../test/render';
import { server } from '../../../test/server';
import { PasswordForm } from './password-form';

describe('PasswordForm', () => {
  it.each([
    ['wrong_password', errorMessage('wrong_password', { of: 'current' })],
    ['rate_limited', errorMessage('rate_limited', { limit: 'password_change' })],
  ] as const)("shows the catalogue sentence for '%s'", async (code, text) => {
    server.use(
      code === 'wrong_password'
        ? failure('post', '/me/password', code, { of: 'current' })
        : failure('post', '/me/password', code, { limit: 'password_change' }),
    );
    const { user } = renderPage(<PasswordForm />);
    await user.type(screen.getByLabelText(de.settings.currentPassword), 'altes Passwort');
    await user.type(screen.getByLabelText(de.settings.newPassword), 'Kiwi-Wolke-Geheim-42');
    await user.click(screen.getByRole('button', { name: de.settings.password }));
    expect((await screen.findByRole('alert')).textContent).toBe(text);
  });
});
