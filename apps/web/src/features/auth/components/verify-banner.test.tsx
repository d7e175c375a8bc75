import { errorMessage } from '@funkeln/contracts/errors';
import { authEndpoints } from '@funkeln/contracts/routes/auth';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { de } from '../../../i18n/de';
import { setToken } from '../../../lib/token-storage';
import { answerFor, failureFor } from '../../../test/api-handlers';
import { renderPage } from '../../../test/render';
import { server } from '../../../test/server';
import { VerifyBanner } from './verify-banner';
import { meAs } from '../../../test/members';

const RECENT = 'Wir haben dir gerade erst eine E-Mail geschickt. Bitte prüfe deinen Posteingang (auch den Spam-Ordner). Eine neue kannst du in einer Minute anfordern.';

const unverified = answerFor(authEndpoints.me, meAs({ email_verified: false }));

async function clickResend() {
  setToken('token');
  const { user } = renderPage(<VerifyBanner />);
  await user.click(await screen.findByRole('button', { name: de.banner.resend }));
  return screen.getByTestId('verify-banner-status');
}

describe('VerifyBanner', () => {
  it("confirms a new mail with the spec's sentence", async () => {
    server.use(unverified, answerFor(authEndpoints.verifyStart, { outcome: 'sent', message: 'E-Mail gesendet. Bitte prüfe deinen Posteingang.' }));
    const status = await clickResend();
    await expect.poll(() => status.textContent).toBe('E-Mail gesendet. Bitte prüfe deinen Posteingang.');
  });

  it('says honestly that a mail was just sent when none went out now', async () => {
    server.use(unverified, answerFor(authEndpoints.verifyStart, { outcome: 'recently_sent', message: RECENT }));
    const status = await clickResend();
    await expect.poll(() => status.textContent).toBe(RECENT);
  });

  it("shows the catalogue sentence for the daily cap ('rate_limited')", async () => {
    server.use(unverified, failureFor(authEndpoints.verifyStart, 'rate_limited', { limit: 'confirmation_mails' }));
    const status = await clickResend();
    await expect.poll(() => status.textContent).toBe(errorMessage('rate_limited', { limit: 'confirmation_mails' }));
  });
});
