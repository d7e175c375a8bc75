import { errorMessage } from '@funkeln/contracts/errors';
import { walletEndpoints } from '@funkeln/contracts/routes/wallet';
import { WITHDRAWAL_CONSENT } from '@funkeln/contracts/terms';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { de } from '../../../i18n/de';
import { failure, routeFor } from '../../../test/api-handlers';
import { renderPage } from '../../../test/render';
import { server } from '../../../test/server';
import { CreditPacks } from './credit-packs';

async function openOrder() {
  const view = renderPage(<CreditPacks payments="test" />);
  const [first] = screen.getAllByRole('button', { name: de.wallet.buy });
  if (!first) throw new Error('no pack');
  await view.user.click(first);
  return { ...view, dialog: within(screen.getByTestId('confirm-dialog')) };
}

describe('CreditPacks', () => {
  it.each([
    ['payments_unavailable', errorMessage('payments_unavailable')],
    ['idempotency_conflict', errorMessage('idempotency_conflict')],
  ] as const)("shows the catalogue sentence for '%s'", async (code, text) => {
    server.use(failure('post', '/wallet/purchases', code));
    const { user, dialog } = await openOrder();
    await user.click(dialog.getByLabelText(WITHDRAWAL_CONSENT));
    await user.click(dialog.getByRole('button', { name: de.wallet.orderConfirm }));
    expect((await screen.findByTestId('purchase-result')).textContent).toBe(text);
  });

  it('buys only after the consent to immediate performance, which the request carries (§ 356 (5) BGB)', async () => {
    const bodies: unknown[] = [];
    server.use(
      routeFor(walletEndpoints.buyPack, ({ body }) => {
        bodies.push(body);
        return { mode: 'test' as const, credits: 50, added: 50 };
      }),
    );
    const { user, dialog } = await openOrder();
    expect(dialog.getByRole('heading', { name: 'Starter kaufen' })).toBeTruthy();
    expect(dialog.getByText('50 Credits für 4,99 EUR (inkl. MwSt.). Die Credits werden sofort nach der Zahlung gutgeschrieben.')).toBeTruthy();
    expect(dialog.getByRole('link', { name: 'Widerrufsbelehrung' }).getAttribute('href')).toBe('/agb#widerruf');
    const confirm = dialog.getByRole('button', { name: de.wallet.orderConfirm });
    expect((confirm as HTMLButtonElement).disabled).toBe(true);
    await user.click(confirm);
    expect(bodies).toEqual([]);
    await user.click(dialog.getByLabelText(WITHDRAWAL_CONSENT));
    await user.click(confirm);
    expect((await screen.findByTestId('purchase-result')).textContent).toBe(de.wallet.bought(50, 50));
    expect(bodies).toEqual([{ packId: 'starter', withdrawalConsent: true }]);
  });

  it('asks again for the next purchase (the consent is per order)', async () => {
    server.use(routeFor(walletEndpoints.buyPack, () => ({ mode: 'test' as const, credits: 50, added: 50 })));
    const { user, dialog } = await openOrder();
    await user.click(dialog.getByLabelText(WITHDRAWAL_CONSENT));
    await user.click(dialog.getByRole('button', { name: de.wallet.orderConfirm }));
    await screen.findByTestId('purchase-result');
    const [first] = screen.getAllByRole('button', { name: de.wallet.buy });
    await user.click(first!);
    expect((dialog.getByLabelText(WITHDRAWAL_CONSENT) as HTMLInputElement).checked).toBe(false);
  });
});
