import { errorMessage } from '@funkeln/contracts/errors';
import { accountEndpoints } from '@funkeln/contracts/routes/account';
import { authEndpoints } from '@funkeln/contracts/routes/auth';
import { TERMS_VERSION } from '@funkeln/contracts/terms';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { de } from '../../../i18n/de';
import { setToken } from '../../../lib/token-storage';
import { answerFor, failureFor, routeFor } from '../../../test/api-handlers';
import { meAs } from '../../../test/members';
import { renderPage } from '../../../test/render';
import { server } from '../../../test/server';
import { TermsBanner } from './terms-banner';

describe('TermsBanner', () => {
  it('asks a member who accepted an older version, sends the version shown, and goes once she agrees', async () => {
    let current = false;
    const sent: unknown[] = [];
    server.use(
      routeFor(authEndpoints.me, () => meAs({ termsCurrent: current })),
      routeFor(accountEndpoints.acceptTerms, ({ body }) => {
        sent.push(body);
        current = true;
        return { version: TERMS_VERSION };
      }),
    );
    setToken('token');
    const { user } = renderPage(<TermsBanner />);
    const banner = await screen.findByTestId('terms-banner');
    expect(banner.textContent).toContain(de.terms.bannerTitle);
    expect(screen.getByRole('link', { name: de.terms.bannerRead }).getAttribute('href')).toBe('/agb');
    await user.click(screen.getByRole('button', { name: de.terms.bannerAccept }));
    await expect.poll(() => screen.queryByTestId('terms-banner')).toBeNull();
    expect(sent).toEqual([{ version: TERMS_VERSION }]);
  });

  it('says so when the page is older than the version in force (409)', async () => {
    server.use(answerFor(authEndpoints.me, meAs({ termsCurrent: false })), failureFor(accountEndpoints.acceptTerms, 'terms_outdated'));
    setToken('token');
    const { user } = renderPage(<TermsBanner />);
    await user.click(await screen.findByRole('button', { name: de.terms.bannerAccept }));
    expect(await screen.findByText(errorMessage('terms_outdated'))).toBeTruthy();
  });
});
