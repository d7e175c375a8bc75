import { errorMessage } from '@funkeln/contracts/errors';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { de } from '../../../i18n/de';
import { failure } from '../../../test/api-handlers';
import { renderPage } from '../../../test/render';
import { server } from '../../../test/server';
import { RewardButtons } from './reward-buttons';

describe('RewardButtons', () => {
  it.each([
    ['not_eligible', failure('post', '/rewards/claim', 'not_eligible', { reason: 'login_claimed' }), errorMessage('not_eligible', { reason: 'login_claimed' })],
    ['email_not_verified', failure('post', '/rewards/claim', 'email_not_verified', { of: 'reward' }), errorMessage('email_not_verified', { of: 'reward' })],
  ] as const)("shows the catalogue sentence for '%s'", async (_code, handler, text) => {
    server.use(handler);
    const { user } = renderPage(<RewardButtons />);
    await user.click(screen.getByRole('button', { name: de.wallet.rewards.login }));
    expect((await screen.findByTestId('reward-result')).textContent).toBe(text);
  });
});
