import { loginBody, providersResponse, tokenResponse } from '@funkeln/contracts/auth';
import { errorMessage } from '@funkeln/contracts/errors';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { de } from '../../../i18n/de';
import { answer, failure, route } from '../../../test/api-handlers';
import { renderPage } from '../../../test/render';
import { server } from '../../../test/server';
import { LoginPage } from './login-page';

const providers = answer('get', '/auth/providers', providersResponse, { google: false, apple: false });

async function logIn() {
  const view = renderPage(<LoginPage />, { at: '/login', path: '/login' });
  await view.user.type(screen.getByLabelText(de.fields.email), 'mia@example.de');
  await view.user.type(screen.getByLabelText(de.fields.password), 'ein langes Passwort 42');
  await view.user.click(screen.getByRole('button', { name: de.login.submit }));
  return view;
}

describe('LoginPage', () => {
  it("tells a suspended member that the account is suspended, without the resend hint", async () => {
    server.use(providers, failure('post', '/auth/login', 'suspended'));
    await logIn();
    expect((await screen.findByRole('alert')).textContent).toBe('Dein Konto ist gesperrt. Bitte wende dich an den Support.');
    expect(screen.queryByTestId('unverified-hint')).toBeNull();
  });

  it("offers to resend the link for 'email_not_verified'", async () => {
    server.use(providers, failure('post', '/auth/login', 'email_not_verified'));
    await logIn();
    expect((await screen.findByTestId('unverified-hint')).textContent).toContain(de.login.unverified);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('shows the catalogue sentence for wrong credentials', async () => {
    server.use(providers, failure('post', '/auth/login', 'invalid_credentials'));
    await logIn();
    expect((await screen.findByRole('alert')).textContent).toBe(errorMessage('invalid_credentials'));
  });

  it('signs in and moves on with the token', async () => {
    server.use(providers, route('post', '/auth/login', { body: loginBody, response: tokenResponse }, () => ({ token: 'abc' })));
    await logIn();
    expect(await screen.findByText('andere Seite')).toBeTruthy();
    expect(window.localStorage.getItem('token')).toBe('abc');
  });

  it("answers a used login code with the contract's sentence", async () => {
    server.use(providers, failure('post', '/auth/oauth/exchange', 'invalid_login_code'));
    renderPage(<LoginPage />, { at: '/login?token=used-code', path: '/login' });
    expect((await screen.findByRole('alert')).textContent).toBe('Dieser Anmeldelink ist ungültig oder abgelaufen. Bitte melde dich erneut an.');
  });
});
