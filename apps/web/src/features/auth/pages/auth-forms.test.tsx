import { errorMessage } from '@funkeln/contracts/errors';
import { providersResponse } from '@funkeln/contracts/auth';
import { authEndpoints } from '@funkeln/contracts/routes/auth';
import { screen } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { de } from '../../../i18n/de';
import { answer, answerFor, failure } from '../../../test/api-handlers';
import { renderPage } from '../../../test/render';
import { server } from '../../../test/server';
import { ForgotPasswordPage } from './forgot-password-page';
import { LoginPage } from './login-page';
import { RegisterPage } from './register-page';
import { ResetPage } from './reset-page';

const providers = answer('get', '/auth/providers', providersResponse, { google: false, apple: false });
const PASSWORD = 'Kiwi-Wolke-Geheim-42';

describe('RegisterPage', () => {
  it.each([
    ['registration_failed', errorMessage('registration_failed')],
    ['rate_limited', errorMessage('rate_limited', { limit: 'login_ip' })],
  ] as const)("shows the catalogue sentence for '%s'", async (code, text) => {
    server.use(providers, code === 'rate_limited' ? failure('post', '/auth/register', code, { limit: 'login_ip' }) : failure('post', '/auth/register', code));
    const { user } = renderPage(<RegisterPage />);
    await user.type(screen.getByLabelText(de.fields.displayName), 'Mia');
    await user.type(screen.getByLabelText(de.fields.email), 'mia@example.de');
    await user.type(screen.getByLabelText(de.fields.password), PASSWORD);
    await user.click(screen.getByRole('button', { name: de.register.submit }));
    expect((await screen.findByRole('alert')).textContent).toBe(text);
  });
});

describe('ResetPage', () => {
  it("shows the catalogue sentence for a used link ('invalid_token')", async () => {
    server.use(failure('post', '/auth/password/confirm', 'invalid_token'));
    const { user } = renderPage(<ResetPage />, { at: '/reset?token=0123456789abcdef0123' });
    await user.type(screen.getByLabelText(de.fields.newPassword), PASSWORD);
    await user.type(screen.getByLabelText(de.fields.confirmPassword), PASSWORD);
    await user.click(screen.getByRole('button', { name: de.reset.submit }));
    expect((await screen.findByRole('alert')).textContent).toBe(errorMessage('invalid_token'));
  });

  it('confirms the new password inline on the login page, announced as a status (no native alert)', async () => {
    const nativeAlert = vi.spyOn(window, 'alert').mockImplementation(() => undefined);
    server.use(providers, answerFor(authEndpoints.passwordConfirm, { message: 'ok' }));
    const { user } = renderPage(
      <Routes>
        <Route path="/reset" element={<ResetPage />} />
        <Route path="/login" element={<LoginPage />} />
      </Routes>,
      { at: '/reset?token=0123456789abcdef0123' },
    );
    await user.type(screen.getByLabelText(de.fields.newPassword), PASSWORD);
    await user.type(screen.getByLabelText(de.fields.confirmPassword), PASSWORD);
    await user.click(screen.getByRole('button', { name: de.reset.submit }));
    expect((await screen.findByRole('status')).textContent).toBe('Passwort erfolgreich geändert. Bitte melde dich an.');
    expect(screen.getByRole('button', { name: de.login.submit })).toBeTruthy();
    expect(nativeAlert).not.toHaveBeenCalled();
    nativeAlert.mockRestore();
  });
});

describe('ForgotPasswordPage', () => {
  it('answers every failure with the same note, so the page never reveals whether an account exists', async () => {
    server.use(failure('post', '/auth/password/request', 'rate_limited', { limit: 'confirmation_mails' }));
    const { user } = renderPage(<ForgotPasswordPage />);
    await user.type(screen.getByLabelText(de.fields.email), 'mia@example.de');
    await user.click(screen.getByRole('button', { name: de.forgot.submit }));
    expect((await screen.findByTestId('forgot-done')).textContent).toBe(de.forgot.done);
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
