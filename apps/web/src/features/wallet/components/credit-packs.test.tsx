import { errorMessage } from '@funkeln/contracts/errors';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { de } from '../../../i18n/de';
import { failure } from '../../../test/api-handlers';
import { renderPage } from '../../../test/render';
import { server } from '../../../test/server';
import { CreditPacks } from './credit-packs';

describe('CreditPacks', () => {
  it.each([
    ['payments_unavailable', errorMessage('payments_unavailable')],
    ['idempotency_conflict', errorMessage('idempotency_conflict')],
  ] as const)("shows the catalogue sentence for '%s'", async (code, text) => {
    server.use(failure('post', '/wallet/purchases', code));
    const { user } = renderPage(<CreditPacks payments="test" />);
    const [first] = screen.getAllByRole('button', { name: de.wallet.buy });
    if (!first) throw new Error('no pack');
    await user.click(first);
    expect((await screen.findByTestId('purchase-result')).textContent).toBe(text);
  });
});
