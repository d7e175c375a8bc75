import { APPLE_UNAVAILABLE } from '@funkeln/contracts/auth';
import { authEndpoints } from '@funkeln/contracts/routes/auth';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { de } from '../../../i18n/de';
import { answerFor } from '../../../test/api-handlers';
import { renderPage } from '../../../test/render';
import { server } from '../../../test/server';
import { OAuthButtons } from './oauth-buttons';

describe('OAuthButtons', () => {
  it('shows Google only where it is configured (issue 56, item 14)', async () => {
    server.use(answerFor(authEndpoints.providers, { google: true, apple: false }));
    renderPage(<OAuthButtons />);
    expect(await screen.findByRole('button', { name: de.oauth.google })).toBeTruthy();
  });

  it('without Google keeps the Apple teaser with the spec text, and shows nothing at all where neither applies', async () => {
    server.use(answerFor(authEndpoints.providers, { google: false, apple: false }));
    const { user } = renderPage(<OAuthButtons withApple />);
    await user.click(await screen.findByRole('button', { name: de.oauth.apple }));
    expect(await screen.findByText(APPLE_UNAVAILABLE)).toBeTruthy();
    expect(screen.queryByRole('button', { name: de.oauth.google })).toBeNull();
    const bare = renderPage(<OAuthButtons />);
    expect(bare.container.textContent).toBe('');
  });
});
