import { errorMessage, type ErrorCode, type ErrorParamsArg } from '@funkeln/contracts/errors';
import { authEndpoints } from '@funkeln/contracts/routes/auth';
import { leaderboardEndpoints } from '@funkeln/contracts/routes/leaderboard';
import { profilesEndpoints } from '@funkeln/contracts/routes/profiles';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { de } from '../../i18n/de';
import { setToken } from '../../lib/token-storage';
import { answerFor, failureFor } from '../../test/api-handlers';
import { renderPage } from '../../test/render';
import { meAs, ownProfileAs } from '../../test/members';
import { server } from '../../test/server';
import { VotePage } from './vote-page';

const candidate = answerFor(leaderboardEndpoints.nextVote, {
  candidate: { photoId: '7d2f9e5a-3c4d-4e6f-8a0b-2c3d4e5f6a7b', url: '/api/photos/p/file', name: 'Lea', age: 29 },
});

/** One failure per code the vote route declares that a member can run into, with its German sentence. */
function voteFailure<C extends ErrorCode>(code: C, ...params: ErrorParamsArg<C>) {
  return { code, handler: failureFor(leaderboardEndpoints.vote, code, ...params), text: errorMessage(code, ...params) };
}

describe('VotePage', () => {
  it.each([
    voteFailure('rate_limited', { limit: 'vote_minute' }),
    voteFailure('rate_limited', { limit: 'vote_day' }),
    voteFailure('not_found', { of: 'votable_photo' }),
    voteFailure('own_photo'),
    voteFailure('already_voted'),
  ])("shows the catalogue sentence for '$code' ($text) and keeps the photo", async ({ handler, text }) => {
    server.use(candidate, handler);
    const { user } = renderPage(<VotePage />);
    await user.click(await screen.findByRole('button', { name: de.vote.vote }));
    expect((await screen.findByRole('alert')).textContent).toBe(text);
    expect(screen.getByRole('img', { name: de.vote.photoAlt('Lea') })).toBeTruthy();
    expect(screen.getByRole<HTMLButtonElement>('button', { name: de.vote.vote }).disabled).toBe(false);
  });

  it.each([
    { who: 'an unconfirmed e-mail', me: meAs({ email_verified: false }), profile: ownProfileAs({ birthDate: '1990-01-01', gender: 'male' }), text: errorMessage('email_not_verified', { of: 'vote' }), link: false },
    { who: 'no profile', me: meAs(), profile: ownProfileAs(), text: errorMessage('profile_required', { of: 'vote' }), link: true },
  ])('says before any click why a member with $who cannot vote, and offers no vote button to press', async ({ me, profile, text, link }) => {
    setToken('token');
    server.use(candidate, answerFor(authEndpoints.me, me), answerFor(profilesEndpoints.ownProfile, profile));
    renderPage(<VotePage />);
    expect((await screen.findByTestId('vote-refusal')).textContent).toContain(text);
    expect(screen.queryByRole('link', { name: de.vote.createProfile }) !== null).toBe(link);
    const button = await screen.findByRole<HTMLButtonElement>('button', { name: de.vote.vote });
    expect(button.disabled).toBe(true);
  });

  it("shows the server's sentence when the next photo does not load, with a retry that loads it", async () => {
    server.use(failureFor(leaderboardEndpoints.nextVote, 'unavailable'));
    const { user } = renderPage(<VotePage />);
    expect((await screen.findByRole('alert')).textContent).toBe(errorMessage('unavailable'));
    server.use(candidate);
    await user.click(screen.getByRole('button', { name: de.common.retry }));
    expect(await screen.findByRole('img', { name: de.vote.photoAlt('Lea') })).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
