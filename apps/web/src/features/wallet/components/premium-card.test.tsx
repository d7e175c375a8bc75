import { errorMessage } from '@funkeln/contracts/errors';
import { walletEndpoints } from '@funkeln/contracts/routes/wallet';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { de } from '../../../i18n/de';
import { failureFor } from '../../../test/api-handlers';
import { renderPage } from '../../../test/render';
import { server } from '../../../test/server';
import { PremiumCard } from './premium-card';

const PRICE = 100;

describe('PremiumCard', () => {
  it.each(['insufficient_credits', 'idempotency_conflict'] as const)("shows the catalogue sentence for '%s' and can be bought again", async (code) => {
    server.use(failureFor(walletEndpoints.buyPremium, code));
    const { user } = renderPage(<PremiumCard premiumUntil={null} price={PRICE} />);
    await user.click(screen.getByRole('button', { name: de.wallet.premiumBuy }));
    await user.click(screen.getByRole('button', { name: de.wallet.premiumConfirmBuy(PRICE) }));
    expect((await screen.findByTestId('premium-result')).textContent).toBe(errorMessage(code));
    expect(screen.getByRole<HTMLButtonElement>('button', { name: de.wallet.premiumBuy }).disabled).toBe(false);
  });
});
