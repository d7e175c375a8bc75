import { COMPANION_AI_DISCLOSURE } from '@funkeln/contracts/companion';
import { companionEndpoints } from '@funkeln/contracts/routes/companion';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { de } from '../../i18n/de';
import { setToken } from '../../lib/token-storage';
import { answerFor } from '../../test/api-handlers';
import { renderPage } from '../../test/render';
import { server } from '../../test/server';
import { CompanionPage } from './companion-page';

const occurrences = (text: string, word: RegExp) => (text.match(word) ?? []).length;

describe('CompanionPage for a visitor (no session)', () => {
  it('explains what the Digital Friend is, says once that it is an AI, and links to sign-up and login', async () => {
    renderPage(<CompanionPage />, { at: '/digital-friend' });
    expect(screen.getByRole('heading', { level: 1, name: de.companion.title })).toBeTruthy();
    const page = document.body.textContent ?? '';
    expect(page).toContain(de.companion.intro.lead);
    expect(page).toContain(de.companion.intro.why);
    expect(occurrences(page, /\bKI\b/g)).toBe(1);
    expect(screen.getByTestId('companion-disclosure').textContent).toBe(COMPANION_AI_DISCLOSURE);
    expect(screen.getByRole('link', { name: de.companion.intro.register }).getAttribute('href')).toBe('/register');
    expect(screen.getByRole('link', { name: de.companion.intro.login }).getAttribute('href')).toBe('/login?next=/digital-friend');
    // Not a login form, and no redirect away.
    expect(screen.queryByLabelText(/Passwort/)).toBeNull();
    expect(screen.queryByText('andere Seite')).toBeNull();
  });
});

describe('CompanionPage: the AI disclosure for a member', () => {
  it.each([
    ['embedded', 'eingebaute Offline-Version'],
    ['model', 'Sprachmodell gpt-4o-mini'],
  ] as const)('says once and plainly that the %s companion is an AI', async (kind, label) => {
    setToken('token');
    server.use(
      answerFor(companionEndpoints.info, { kind, label, cost: 2, isPremium: false }),
      answerFor(companionEndpoints.conversations, [{ id: '6c1e8d4f-2b3c-4d5e-9f0a-1b2c3d4e5f60', started_at: '2026-05-01T10:00:00.000Z', title: 'Neue Unterhaltung' }]),
      answerFor(companionEndpoints.history, [{ role: 'assistant', content: `Hallo Mara! ${COMPANION_AI_DISCLOSURE}`, created_at: '2026-05-01T10:00:00.000Z' }]),
      answerFor(companionEndpoints.memories, []),
    );
    renderPage(<CompanionPage />);
    const notice = await screen.findByTestId('companion-kind');
    expect(notice.textContent).toContain(`${COMPANION_AI_DISCLOSURE} ${de.companion.answeredBy(label)}`);
    expect(occurrences(notice.textContent ?? '', /\bKI\b/g)).toBe(1);
    expect(notice.textContent).not.toMatch(/ohne KI/);
  });
});
