import { categoryLabels, type EntriesBody } from '@funkeln/contracts/leaderboard';
import { INTERESTS, PROMPTS } from '@funkeln/contracts/profile-details';
import type { OwnProfile } from '@funkeln/contracts/profiles';
import { authEndpoints } from '@funkeln/contracts/routes/auth';
import { leaderboardEndpoints } from '@funkeln/contracts/routes/leaderboard';
import { privacyEndpoints } from '@funkeln/contracts/routes/privacy';
import { profilesEndpoints } from '@funkeln/contracts/routes/profiles';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { de } from '../../../i18n/de';
import { setToken } from '../../../lib/token-storage';
import { answerFor, routeFor } from '../../../test/api-handlers';
import { renderPage } from '../../../test/render';
import { server } from '../../../test/server';
import { OnboardingPage } from '../onboarding-page';
import { meAs } from '../../../test/members';

/** Everything but the Top10 step is done. */
const profile: OwnProfile = {
  aboutMe: 'Hallo',
  lookingFor: 'Gespräche',
  birthDate: '1990-01-01',
  gender: 'female',
  interestedIn: ['male'],
  ageMin: 25,
  ageMax: 40,
  place: { id: 1, name: 'Berlin', region: 'Berlin' },
  shareEnabled: false,
  complete: true,
  photo: { id: 'p', status: 'approved', statusLabel: 'Freigegeben', url: '/p.jpg', thumbUrl: '/t.jpg', createdAt: '2026-01-01T00:00:00Z' },
  interests: [INTERESTS[0].id],
  prompts: [{ promptId: PROMPTS[0].id, answer: 'Kaffee' }],
};

const me = meAs();

function serve(entered: EntriesBody['categories'] = []) {
  const sent: EntriesBody[] = [];
  setToken('token');
  server.use(
    answerFor(authEndpoints.me, me),
    answerFor(privacyEndpoints.consent, { orientation: 'given', history: [] }),
    answerFor(profilesEndpoints.ownProfile, profile),
    answerFor(leaderboardEndpoints.entries, { categories: entered, photos: {} }),
    routeFor(leaderboardEndpoints.setEntries, ({ body }) => {
      sent.push(body);
      return { categories: body.categories, photos: body.photos ?? {} };
    }),
  );
  return sent;
}

const step = () => screen.findByTestId('onboarding-step');
const contest = () => screen.getByRole('region', { name: de.contest.title });

describe('the Top10 step of onboarding', () => {
  it('is step 5 of 5, offers the same opt-in as the profile page and is done once a category is chosen', async () => {
    const sent = serve();
    const { user } = renderPage(<OnboardingPage />);
    await waitFor(async () => expect((await step()).textContent).toBe('Schritt 5 von 5'));
    expect(screen.getByRole('navigation', { name: de.details.progressLabel }).querySelector('[aria-current="step"]')?.textContent).toBe(de.details.steps.contest);
    const vacation = within(contest()).getByRole<HTMLInputElement>('checkbox', { name: categoryLabels.vacation });
    await waitFor(() => expect(vacation.disabled).toBe(false));
    await user.click(vacation);
    await waitFor(() => expect(sent).toEqual([{ categories: ['vacation'], photos: {} }]));
    expect(await within(contest()).findByText(de.contest.saved)).toBeTruthy();
    expect((await step()).textContent).toBe(de.details.progressDone(5));
    // Entered: nothing left to skip.
    expect(within(contest()).queryByRole('button', { name: de.details.contestSkip })).toBeNull();
  });

  it('can be skipped, stays skipped on the next visit, and can be taken up again', async () => {
    const sent = serve();
    const first = renderPage(<OnboardingPage />);
    await waitFor(async () => expect((await step()).textContent).toBe('Schritt 5 von 5'));
    await first.user.click(within(contest()).getByRole('button', { name: de.details.contestSkip }));
    expect((await step()).textContent).toBe(de.details.progressDone(5));
    expect(within(contest()).getByText(de.details.contestSkipped)).toBeTruthy();
    expect(within(contest()).queryByRole('checkbox')).toBeNull();
    first.unmount();

    const again = renderPage(<OnboardingPage />);
    await waitFor(async () => expect((await step()).textContent).toBe(de.details.progressDone(5)));
    await waitFor(() => expect(within(contest()).getByText(de.details.contestSkipped)).toBeTruthy());
    await again.user.click(within(contest()).getByRole('button', { name: de.details.contestUndo }));
    expect(within(contest()).getByRole('checkbox', { name: categoryLabels.face })).toBeTruthy();
    expect((await step()).textContent).toBe('Schritt 5 von 5');
    expect(sent).toEqual([]);
  });
});
