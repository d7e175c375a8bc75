import { errorMessage, type ErrorCode, type ErrorParamsArg } from '@funkeln/contracts/errors';
import type { OwnProfile } from '@funkeln/contracts/profiles';
import { privacyEndpoints } from '@funkeln/contracts/routes/privacy';
import { photosEndpoints } from '@funkeln/contracts/routes/photos';
import { profilesEndpoints } from '@funkeln/contracts/routes/profiles';
import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
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

  it('uploads several photos picked at once, one after the other, and after a failure only those not yet on the server', async () => {
    // The files reach the handler without their names (jsdom's FormData), so they are told apart by order.
    let requests = 0;
    let stored = 0;
    server.use(
      consent('given'),
      http.post(photosEndpoints.upload.path, () => {
        requests += 1;
        if (requests === 2) return HttpResponse.json({ error: 'too_many_photos', message: errorMessage('too_many_photos') }, { status: 409 });
        stored += 1;
        const id = `p${stored}`;
        return HttpResponse.json({ photo: { id, status: 'approved', statusLabel: 'Freigegeben', url: `/p/${id}`, thumbUrl: `/t/${id}`, createdAt: '2026-12-07T10:00:00.000Z' } });
      }),
      routeFor(profilesEndpoints.updateProfile, () => profile),
    );
    const { user } = renderPage(<ProfileForm profile={profile} />);
    const files = ['eins.jpg', 'zwei.jpg', 'drei.jpg'].map((name) => new File(['x'], name, { type: 'image/jpeg' }));
    await user.upload(screen.getByLabelText(de.photo.label), files);
    expect(screen.getByTestId('photos-picked').textContent).toContain(de.photo.newPhotos(3));
    await user.click(screen.getByRole('button', { name: de.onboarding.save }));
    expect((await screen.findByRole('alert')).textContent).toBe(errorMessage('too_many_photos'));
    expect(stored).toBe(1);
    // Saving again uploads what is left (two), not the first photo again.
    expect(screen.getByTestId('photos-picked').textContent).toContain(de.photo.newPhotos(2));
    await user.click(screen.getByRole('button', { name: de.onboarding.save }));
    await waitFor(() => expect(stored).toBe(3));
    expect(requests).toBe(4);
    await waitFor(() => expect(screen.queryByTestId('photos-picked')).toBeNull());
  });
});
