import { errorMessage } from '@funkeln/contracts/errors';
import { providersResponse } from '@funkeln/contracts/auth';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { de } from '../../../i18n/de';
import { answer, failure } from '../../../test/api-handlers';
import { renderPage } from '../../../test/render';
import { server } from '../../../test/server';
import { ForgotPasswordPage } from './forgot-password-page';
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
