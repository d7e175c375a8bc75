import { type MemberSettings } from '@funkeln/contracts/account';
import { errorMessage } from '@funkeln/contracts/errors';
import { accountEndpoints } from '@funkeln/contracts/routes/account';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { de } from '../../../i18n/de';
import { answerFor, failureFor } from '../../../test/api-handlers';
import { renderPage } from '../../../test/render';
import { server } from '../../../test/server';
import { PreferencesSection } from './preferences-section';

const saved: MemberSettings = {
  messagePref: 'everyone',
  emailNotifications: true,
  shareEnabled: false,
  readReceipts: true,
  emailOnMatch: true,
  emailOnMessage: true,
  emailOnFlirt: true,
  pushPreviews: false,
};

describe('PreferencesSection', () => {
  it("shows the server's sentence when the settings do not load, with a retry that loads them", async () => {
    server.use(failureFor(accountEndpoints.settings, 'unavailable'));
    const { user } = renderPage(<PreferencesSection />);
    expect((await screen.findByRole('alert')).textContent).toBe(errorMessage('unavailable'));
    server.use(answerFor(accountEndpoints.settings, saved));
    await user.click(screen.getByRole('button', { name: de.common.retry }));
    expect(await screen.findByRole('checkbox', { name: de.settings.readReceipts })).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it("shows the server's sentence when a change is not saved, and the switch stays usable", async () => {
    server.use(answerFor(accountEndpoints.settings, saved), failureFor(accountEndpoints.saveSettings, 'unavailable'));
    const { user } = renderPage(<PreferencesSection />);
    const receipts = await screen.findByRole<HTMLInputElement>('checkbox', { name: de.settings.readReceipts });
    await user.click(receipts);
    expect((await screen.findByRole('alert')).textContent).toBe(errorMessage('unavailable'));
    expect(receipts.checked).toBe(true);
    expect(receipts.disabled).toBe(false);
  });
});
