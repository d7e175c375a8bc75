import { authEndpoints } from '@funkeln/contracts/routes/auth';
import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { de } from '../../../i18n/de';
import { setToken } from '../../../lib/token-storage';
import { answerFor } from '../../../test/api-handlers';
import { renderPage } from '../../../test/render';
import { server } from '../../../test/server';
import { PremiumHint } from './premium-hint';
import { meAs } from '../../../test/members';

const member = (premiumUntil: string | null) => meAs({ isPremium: premiumUntil !== null, premiumUntil });

describe('PremiumHint', () => {
  it('tells a member without premium what it adds', async () => {
    setToken('token');
    server.use(answerFor(authEndpoints.me, member(null)));
    renderPage(<PremiumHint />);
    expect(await screen.findByText(de.discover.premiumHint)).toBeTruthy();
  });

  it('is not shown to a premium member', async () => {
    setToken('token');
    server.use(answerFor(authEndpoints.me, member('2099-01-01T00:00:00.000Z')));
    const { queryClient } = renderPage(<PremiumHint />);
    // Once the member has loaded (a failure would hide the hint too, so wait for the success).
    await vi.waitFor(() => expect(queryClient.getQueryCache().getAll().some((q) => q.state.status === 'success')).toBe(true));
    expect(screen.queryByText(de.discover.premiumHint)).toBeNull();
  });
});
