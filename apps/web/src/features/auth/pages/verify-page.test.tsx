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
import { meAs } from '../../../test/members';

describe('VerifyPage', () => {
  it.each(['invalid_token', 'already_verified'] as const)("shows the catalogue sentence for '%s'", async (code) => {
    server.use(failure('post', '/auth/verify/confirm', code));
    renderPage(<VerifyPage />, { at: `/verify?token=${code}-0123456789abcdef` });
    expect(await screen.findByText(errorMessage(code))).toBeTruthy();
  });
});

const member = meAs({ email_verified: false });

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
    // Signed in already: confirmed, and not asked to log in.
    expect(await screen.findByText(de.verify.okSignedIn)).toBeTruthy();
    expect(screen.queryByText(de.verify.ok)).toBeNull();
    expect(screen.queryByRole('link', { name: de.verify.toLogin })).toBeNull();
  });
});
