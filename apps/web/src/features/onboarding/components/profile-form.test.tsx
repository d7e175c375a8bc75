import { errorMessage, type ErrorCode, type ErrorParamsArg } from '@funkeln/contracts/errors';
import type { OwnProfile } from '@funkeln/contracts/profiles';
import { privacyEndpoints } from '@funkeln/contracts/routes/privacy';
import { profilesEndpoints } from '@funkeln/contracts/routes/profiles';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { de } from '../../../i18n/de';
import { answerFor, failureFor, routeFor } from '../../../test/api-handlers';
import { renderPage } from '../../../test/render';
import { server } from '../../../test/server';
import { ProfileForm } from './profile-form';

const profile: OwnProfile = {
  aboutMe: 'Ich wandere gern.',
  lookingFor: '',
  birthDate: '1994-03-12',
  gender: 'female',
  interestedIn: ['male'],
  ageMin: 25,
  ageMax: 40,
  place: { id: 1, name: 'Köln', region: 'Nordrhein-Westfalen' },
  shareEnabled: false,
  complete: false,
  photo: null,
  interests: [],
  prompts: [],
};

const consent = (orientation: 'given' | 'unknown') => answerFor(privacyEndpoints.consent, { orientation, history: [] });

/** One failure per code the profile route declares that a member can run into, with its German sentence. */
function saveFailure<C extends ErrorCode>(code: C, ...params: ErrorParamsArg<C>) {
  return { code, handler: failureFor(profilesEndpoints.updateProfile, code, ...params), text: errorMessage(code, ...params) };
}

describe('ProfileForm', () => {
  it.each([
    saveFailure('too_young'),
    saveFailure('invalid_birth_date'),
    saveFailure('unknown_place'),
    saveFailure('invalid_age_range'),
    saveFailure('rate_limited', { limit: 'place_change' }),
    saveFailure('validation_error', { field: 'aboutMe', issue: 'Zu lang.' }),
  ])("shows the catalogue sentence for '$code' and keeps the answers", async ({ handler, text }) => {
    server.use(consent('given'), handler);
    const { user } = renderPage(<ProfileForm profile={profile} />);
    const aboutMe = screen.getByLabelText<HTMLTextAreaElement>(de.onboarding.aboutMe);
    await user.type(aboutMe, ' Und koche.');
    await user.click(screen.getByRole('button', { name: de.onboarding.save }));
    expect((await screen.findByRole('alert')).textContent).toBe(text);
    expect(aboutMe.value).toBe('Ich wandere gern. Und koche.');
    expect(screen.getByRole<HTMLButtonElement>('button', { name: de.onboarding.save }).disabled).toBe(false);
  });

  it('does not save the profile when the consent fails, and says why', async () => {
    let saves = 0;
    server.use(
      consent('unknown'),
      failureFor(privacyEndpoints.setConsent, 'unavailable'),
      routeFor(profilesEndpoints.updateProfile, () => {
        saves += 1;
        return profile;
      }),
    );
    const { user } = renderPage(<ProfileForm profile={profile} />);
    const box = await screen.findByRole<HTMLInputElement>('checkbox', { name: de.onboarding.consent });
    await user.click(box);
    await user.click(screen.getByRole('button', { name: de.onboarding.save }));
    expect((await screen.findByRole('alert')).textContent).toBe(de.onboarding.consentFailed);
    expect(saves).toBe(0);
    expect(box.checked).toBe(true);
    expect(screen.getByRole<HTMLButtonElement>('button', { name: de.onboarding.save }).disabled).toBe(false);
  });
});
