import { errorMessage } from '@funkeln/contracts/errors';
import { privacyEndpoints } from '@funkeln/contracts/routes/privacy';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { de } from '../../../i18n/de';
import { answerFor, failureFor } from '../../../test/api-handlers';
import { renderPage } from '../../../test/render';
import { server } from '../../../test/server';
import { ConsentSection } from './consent-section';

const given = answerFor(privacyEndpoints.consent, { orientation: 'given', history: [{ given: true, at: '2026-05-01T10:00:00.000Z' }] });

describe('ConsentSection', () => {
  it("shows the server's sentence when the consent does not load, with a retry that loads it", async () => {
    server.use(failureFor(privacyEndpoints.consent, 'unavailable'));
    const { user } = renderPage(<ConsentSection />);
    expect((await screen.findByRole('alert')).textContent).toBe(errorMessage('unavailable'));
    server.use(given);
    await user.click(screen.getByRole('button', { name: de.common.retry }));
    expect(await screen.findByRole('button', { name: de.settings.consentWithdraw })).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it("shows the server's sentence when the withdrawal is not saved, and keeps the consent", async () => {
    server.use(given, failureFor(privacyEndpoints.setConsent, 'unavailable'));
    const { user } = renderPage(<ConsentSection />);
    await user.click(await screen.findByRole('button', { name: de.settings.consentWithdraw }));
    expect((await screen.findByRole('alert')).textContent).toBe(errorMessage('unavailable'));
    expect(screen.getByTestId('consent-state').textContent).toContain(de.settings.consentState.given);
    expect(screen.getByRole<HTMLButtonElement>('button', { name: de.settings.consentWithdraw }).disabled).toBe(false);
  });
});
