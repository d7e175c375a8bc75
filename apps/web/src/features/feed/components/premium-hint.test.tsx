import { authEndpoints } from '@funkeln/contracts/routes/auth';
import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { de } from '../../../i18n/de';
import { setToken } from '../../../lib/token-storage';
import { answerFor } from '../../../test/api-handlers';
import { renderPage } from '../../../test/render';
import { server } from '../../../test/server';
import { PremiumHint } from './premium-hint';

const member = (premiumUntil: string | null) => ({
  id: '6c1e8d4f-2b3c-4d5e-9f0a-1b2c3d4e5f60',
  email: 'anna@example.de',
  display_name: 'Anna',
  email_verified: true,
  role: 'member' as const,
  created_at: '2026-05-01T10:00:00.000Z',
  isPremium: premiumUntil !== null,
  premiumUntil,
});

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
