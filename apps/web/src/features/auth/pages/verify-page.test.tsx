import { errorMessage } from '@funkeln/contracts/errors';
import { screen } from '@testing-library/react';
import { authEndpoints } from '@funkeln/contracts/routes/auth';
import { describe, expect, it } from 'vitest';
import { de } from '../../../i18n/de';
import { setToken } from '../../../lib/token-storage';
import { answerFor, failure } from '../../../test/api-handlers';
import { renderPage } from '../../../test/render';
import { server } from '../../../test/server';
import { VerifyPage } from './verify-page';

describe('VerifyPage', () => {
  it.each(['invalid_token', 'already_verified'] as const)("shows the catalogue sentence for '%s'", async (code) => {
    server.use(failure('post', '/auth/verify/confirm', code));
    renderPage(<VerifyPage />, { at: `/verify?token=${code}-0123456789abcdef` });
    expect(await screen.findByText(errorMessage(code))).toBeTruthy();
  });
});

const member = {
  id: '6c1e8d4f-2b3c-4d5e-9f0a-1b2c3d4e5f60',
  email: 'anna@example.de',
  display_name: 'Anna',
  email_verified: false,
  role: 'member',
  created_at: '2026-05-01T10:00:00.000Z',
  isPremium: false,
  premiumUntil: null,
} as const;

describe('VerifyPage: where to go next', () => {
  it('offers a visitor the login', async () => {
    server.use(answerFor(authEndpoints.verifyConfirm, { message: de.verify.ok }));
    renderPage(<VerifyPage />, { at: '/verify?token=visitor-0123456789abcdef' });
    expect(await screen.findByText(de.verify.ok)).toBeTruthy();
    expect(screen.getByRole('link', { name: de.verify.toLogin }).getAttribute('href')).toBe('/login');
    expect(screen.queryByRole('link', { name: de.verify.toApp })).toBeNull();
  });

  it("offers a signed-in member 'Weiter zur App' instead of the login", async () => {
    setToken('token');
    server.use(answerFor(authEndpoints.me, member), answerFor(authEndpoints.verifyConfirm, { message: de.verify.ok }));
    renderPage(<VerifyPage />, { at: '/verify?token=member-0123456789abcdef' });
    const next = await screen.findByRole('link', { name: 'Weiter zur App' });
    expect(next.getAttribute('href')).toBe('/discover');
    expect(screen.queryByRole('link', { name: de.verify.toLogin })).toBeNull();
  });
});
