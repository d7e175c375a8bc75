import { errorMessage } from '@funkeln/contracts/errors';
import type { RewardStatus } from '@funkeln/contracts/wallet';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { de } from '../../../i18n/de';
import { failure } from '../../../test/api-handlers';
import { renderPage } from '../../../test/render';
import { server } from '../../../test/server';
import { RewardButtons } from './reward-buttons';

const reward = (type: RewardStatus['type'], amount: number, state: RewardStatus['state'], nextAt: string | null = null): RewardStatus => ({ type, amount, state, nextAt });
const allOpen = [reward('login', 10, 'open'), reward('upload_photo', 25, 'open'), reward('get_vote', 5, 'open')];

describe('RewardButtons', () => {
  it.each([
    ['not_eligible', failure('post', '/rewards/claim', 'not_eligible', { reason: 'login_claimed' }), errorMessage('not_eligible', { reason: 'login_claimed' })],
    ['email_not_verified', failure('post', '/rewards/claim', 'email_not_verified', { of: 'reward' }), errorMessage('email_not_verified', { of: 'reward' })],
  ] as const)("shows the catalogue sentence for '%s'", async (_code, handler, text) => {
    server.use(handler);
    const { user } = renderPage(<RewardButtons rewards={allOpen} />);
    await user.click(screen.getByRole('button', { name: de.wallet.rewards.login }));
    expect((await screen.findByTestId('reward-result')).textContent).toBe(text);
  });

  it('says what each pays, and shows the ones that cannot pay now as such instead of refusing after a click', () => {
    renderPage(<RewardButtons rewards={[reward('login', 10, 'claimed', '2026-12-07T23:00:00.000Z'), reward('upload_photo', 25, 'claimed'), reward('get_vote', 5, 'waiting')]} />);
    const login = screen.getByRole('button', { name: de.wallet.rewards.login });
    expect((login as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByTestId('reward-login').textContent).toContain('+10 Credits an jedem Tag, an dem du vorbeischaust. Heute schon abgeholt – morgen ab 0:00 Uhr wieder.');
    expect(screen.getByTestId('reward-upload_photo').textContent).toContain('Einmalig +25 Credits für dein erstes freigegebenes Foto. Schon abgeholt.');
    expect((screen.getByRole('button', { name: de.wallet.rewards.get_vote }) as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByTestId('reward-get_vote').textContent).toContain('Erst mit bestätigter E-Mail-Adresse.');
  });
});
