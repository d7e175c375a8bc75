import type { MemberSettings } from '@funkeln/contracts/account';
import { accountEndpoints } from '@funkeln/contracts/routes/account';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { de } from '../../../i18n/de';
import { sharingOff } from '../../../i18n/de-legal';
import { answerFor } from '../../../test/api-handlers';
import { renderPage } from '../../../test/render';
import { server } from '../../../test/server';
import { ShareActions } from './share-actions';

const ID = '3f1c2d4e-5a6b-4c7d-8e9f-0a1b2c3d4e5f';
const settings = (shareEnabled: boolean): MemberSettings => ({
  messagePref: 'everyone',
  emailNotifications: true,
  shareEnabled,
  readReceipts: true,
  emailOnMatch: true,
  emailOnMessage: true,
  emailOnFlirt: true,
  pushPreviews: false,
});

describe('ShareActions', () => {
  it('on the own profile with sharing off: says so, links the settings, and shares nothing', async () => {
    server.use(answerFor(accountEndpoints.settings, settings(false)));
    renderPage(<ShareActions id={ID} name="Greta" own shareable={false} />);
    expect((await screen.findByTestId('share-off')).textContent).toContain(sharingOff.hint);
    expect(screen.getByRole('link', { name: sharingOff.settingsLink }).getAttribute('href')).toBe('/settings');
    expect(screen.getByRole<HTMLButtonElement>('button', { name: de.profile.share }).disabled).toBe(true);
    // The preview link stays: it shows what a visitor sees now (the page is not public).
    expect(screen.getByRole('link', { name: new RegExp(de.profile.sharePreview) }).getAttribute('href')).toBe(`/share/${ID}`);
  });

  it('on the own profile: the settings\' current switch wins over the profile loaded before', async () => {
    server.use(answerFor(accountEndpoints.settings, settings(true)));
    renderPage(<ShareActions id={ID} name="Greta" own shareable={false} />);
    const button = screen.getByRole<HTMLButtonElement>('button', { name: de.profile.share });
    await waitFor(() => expect(button.disabled).toBe(false));
    expect(screen.queryByTestId('share-off')).toBeNull();
  });

  it("on another member's profile that shares: offers it and asks nothing about settings", () => {
    renderPage(<ShareActions id={ID} name="Greta" own={false} shareable />);
    expect(screen.getByRole<HTMLButtonElement>('button', { name: de.profile.share }).disabled).toBe(false);
    expect(screen.queryByTestId('share-off')).toBeNull();
  });

  it("on another member's profile that does not share: offers no dead link (issue 56 item 8)", () => {
    renderPage(<ShareActions id={ID} name="Greta" own={false} shareable={false} />);
    expect(screen.queryByRole('button', { name: de.profile.share })).toBeNull();
    expect(screen.queryByRole('link', { name: new RegExp(de.profile.sharePreview) })).toBeNull();
    expect(screen.queryByTestId('share-off')).toBeNull();
  });
});
