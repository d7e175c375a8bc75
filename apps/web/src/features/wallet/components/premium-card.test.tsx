import { errorMessage } from '@funkeln/contracts/errors';
import { walletEndpoints } from '@funkeln/contracts/routes/wallet';
import { screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
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
    const { user } = renderPage(<PremiumCard premiumUntil={null} credits={PRICE} price={PRICE} />);
    await user.click(screen.getByRole('button', { name: de.wallet.premiumBuy }));
    await user.click(screen.getByRole('button', { name: de.wallet.premiumConfirmBuy(PRICE) }));
    expect((await screen.findByTestId('premium-result')).textContent).toBe(errorMessage(code));
    expect(screen.getByRole<HTMLButtonElement>('button', { name: de.wallet.premiumBuy }).disabled).toBe(false);
  });

  it('says up front when the credits are too few, leads to the packs and buys nothing', async () => {
    let bought = 0;
    server.use(http.post('/api/wallet/premium', () => {
      bought += 1;
      return HttpResponse.json({ credits: 0, premiumUntil: '2026-12-31T00:00:00.000Z' });
    }));
    const { user } = renderPage(
      <>
        <section id="credit-packs" tabIndex={-1} aria-label="Pakete" />
        <PremiumCard premiumUntil={null} credits={40} price={PRICE} />
      </>,
    );
    await user.click(screen.getByRole('button', { name: de.wallet.premiumBuy }));
    expect(screen.getByText(de.wallet.premiumShort(PRICE, 40, 60))).toBeTruthy();
    expect(screen.queryByRole('button', { name: de.wallet.premiumConfirmBuy(PRICE) })).toBeNull();
    await user.click(screen.getByRole('button', { name: de.wallet.premiumToPacks }));
    expect(document.activeElement?.id).toBe('credit-packs');
    expect(bought).toBe(0);
  });

  it("states Premium's euro equivalent from the packs' prices", () => {
    renderPage(<PremiumCard premiumUntil={null} credits={0} price={300} />);
    // 300 credits: 19,99 EUR / 260 (Pro) to 4,99 EUR / 50 (Starter).
    expect(screen.getByTestId('premium-euro').textContent).toBe(de.wallet.premiumEuro('23,07 EUR', '29,94 EUR'));
  });
});
