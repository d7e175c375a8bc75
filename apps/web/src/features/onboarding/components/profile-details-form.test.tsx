import { errorMessage, type ErrorCode } from '@funkeln/contracts/errors';
import { INTERESTS, MAX_PROMPT_ANSWER, PROMPTS } from '@funkeln/contracts/profile-details';
import type { ProfileUpdateBody } from '@funkeln/contracts/profiles';
import { leaderboardEndpoints } from '@funkeln/contracts/routes/leaderboard';
import { privacyEndpoints } from '@funkeln/contracts/routes/privacy';
import { profilesEndpoints } from '@funkeln/contracts/routes/profiles';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { de } from '../../../i18n/de';
import { answerFor, failureFor, routeFor } from '../../../test/api-handlers';
import { renderPage } from '../../../test/render';
import { ownProfileAs } from '../../../test/members';
import { server } from '../../../test/server';
import { OnboardingPage } from '../onboarding-page';
import { ProfileForm } from './profile-form';

const profile = ownProfileAs({ shareEnabled: true });

const consent = answerFor(privacyEndpoints.consent, { orientation: 'given', history: [] });
const chip = (label: string) => screen.getByRole('button', { name: label });
const save = () => screen.getByRole('button', { name: de.onboarding.save });

describe('interests in the profile form', () => {
  it('toggles chips with aria-pressed and refuses a ninth with "Höchstens 8 Interessen"', async () => {
    const sent: ProfileUpdateBody[] = [];
    server.use(
      consent,
      routeFor(profilesEndpoints.updateProfile, ({ body }) => {
        sent.push(body);
        return { ...profile, interests: body.interests ?? [] };
      }),
    );
    const { user } = renderPage(<ProfileForm profile={profile} />);
    const picked = INTERESTS.slice(0, 9);
    for (const i of picked.slice(0, 8)) await user.click(chip(i.label));
    expect(picked.slice(0, 8).every((i) => chip(i.label).getAttribute('aria-pressed') === 'true')).toBe(true);
    expect(screen.getByText(de.details.interestsCount(8, 8))).toBeTruthy();
    const ninth = chip(picked[8]!.label);
    expect(ninth.getAttribute('aria-disabled')).toBe('true');
    await user.click(ninth);
    expect(ninth.getAttribute('aria-pressed')).toBe('false');
    expect(screen.getByText('Höchstens 8 Interessen').getAttribute('role')).toBe('status');
    // Un-picking one frees a place again.
    await user.click(chip(picked[0]!.label));
    expect(chip(picked[0]!.label).getAttribute('aria-pressed')).toBe('false');
    await user.click(ninth);
    expect(ninth.getAttribute('aria-pressed')).toBe('true');
    await user.click(save());
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent.at(-1)?.interests).toEqual(picked.slice(1, 9).map((i) => i.id));
    // Confirmed inline in the save bar's status region (no native alert).
    await waitFor(() => expect(screen.getByTestId('save-status').textContent).toBe(de.onboarding.saved));
    expect(screen.getByTestId('save-status').getAttribute('role')).toBe('status');
  });
});

describe('prompts in the profile form', () => {
  it('adds up to three questions, counts characters up to 150 and sends the trimmed answers', async () => {
    const sent: ProfileUpdateBody[] = [];
    server.use(
      consent,
      routeFor(profilesEndpoints.updateProfile, ({ body }) => {
        sent.push(body);
        return { ...profile, prompts: body.prompts ?? [] };
      }),
    );
    const { user } = renderPage(<ProfileForm profile={profile} />);
    const add = () => screen.getByRole('button', { name: de.details.addPrompt });
    await user.click(add());
    const first = screen.getByLabelText<HTMLSelectElement>(de.details.question(1));
    expect(first.value).toBe(PROMPTS[0].id);
    const answer = screen.getAllByLabelText<HTMLTextAreaElement>(de.details.answer)[0]!;
    expect(answer.maxLength).toBe(MAX_PROMPT_ANSWER);
    await user.type(answer, '  Frühstück am See ');
    expect(screen.getByText(de.common.charCount(19, MAX_PROMPT_ANSWER))).toBeTruthy();
    await user.click(add());
    await user.click(add());
    expect(screen.queryByRole('button', { name: de.details.addPrompt })).toBeNull();
    // A question taken by one entry is not offered to another.
    const third = screen.getByLabelText<HTMLSelectElement>(de.details.question(3));
    expect(within(third).queryByRole('option', { name: PROMPTS[0].label })).toBeNull();
    await user.click(screen.getByRole('button', { name: de.details.removePrompt(PROMPTS[2].label) }));
    await user.type(screen.getAllByLabelText(de.details.answer)[1]!, 'Kaffee');
    await user.click(save());
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent.at(-1)?.prompts).toEqual([
      { promptId: PROMPTS[0].id, answer: 'Frühstück am See' },
      { promptId: PROMPTS[1].id, answer: 'Kaffee' },
    ]);
  });

  it('asks for an answer before saving and sends nothing', async () => {
    let saves = 0;
    server.use(
      consent,
      routeFor(profilesEndpoints.updateProfile, () => {
        saves += 1;
        return profile;
      }),
    );
    const { user } = renderPage(<ProfileForm profile={profile} />);
    await user.click(screen.getByRole('button', { name: de.details.addPrompt }));
    await user.click(save());
    expect((await screen.findByRole('alert')).textContent).toBe(de.details.answerRequired);
    expect(saves).toBe(0);
  });

  it.each<ErrorCode>([
    'too_many_interests',
    'unknown_interest',
    'duplicate_interest',
    'unknown_prompt',
    'duplicate_prompt',
    'too_many_prompts',
    'prompt_answer_empty',
    'prompt_answer_too_long',
  ])("shows the catalogue sentence for '%s' and keeps the answers", async (code) => {
    server.use(consent, failureFor(profilesEndpoints.updateProfile, code as 'unknown_interest'));
    const { user } = renderPage(<ProfileForm profile={{ ...profile, prompts: [{ promptId: PROMPTS[0].id, answer: 'Kaffee' }] }} />);
    await user.click(chip(INTERESTS[0].label));
    await user.click(save());
    expect((await screen.findByRole('alert')).textContent).toBe(errorMessage(code as 'unknown_interest'));
    expect(chip(INTERESTS[0].label).getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByLabelText<HTMLTextAreaElement>(de.details.answer).value).toBe('Kaffee');
  });
});

describe('onboarding progress', () => {
  it('names the first open step: "Schritt 2 von 5" once a photo is there', async () => {
    const photo = { id: 'p', status: 'approved' as const, statusLabel: 'Freigegeben', url: '/p.jpg', thumbUrl: '/t.jpg', createdAt: '2026-01-01T00:00:00Z' };
    server.use(consent, answerFor(profilesEndpoints.ownProfile, { ...profile, photo }), answerFor(leaderboardEndpoints.entries, { categories: [], photos: {} }));
    renderPage(<OnboardingPage />);
    expect((await screen.findByTestId('onboarding-step')).textContent).toBe('Schritt 2 von 5');
    expect(screen.getByRole('navigation', { name: de.details.progressLabel }).querySelector('[aria-current="step"]')?.textContent).toBe(de.details.steps.interests);
    // The Art. 9 consent section is still there (with the consent on record, it says where to withdraw it).
    expect(await screen.findByTestId('consent-given')).toBeTruthy();
  });
});
