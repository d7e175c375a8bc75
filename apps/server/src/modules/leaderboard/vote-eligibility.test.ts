import type { LeaderboardEntry } from '@funkeln/contracts/leaderboard';
import { errorMessage } from '@funkeln/contracts/errors';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/fixture.js';
import { register } from '../../../test/harness.js';
import { confirmEmail, memberWithProfile, type ApiMember } from '../../../test/members.js';
import { insertMembers } from '../../../test/population.js';
import { berlinMonth } from './leaderboard.service.js';

// Issue 54 finding 6: only members with a confirmed e-mail and a profile vote; the votes of a
// suspended or deleted account stop counting (score, Top10, frozen month), and count again when
// the suspension is lifted.

const ADMIN = 'stimmen-admin@example.org';
const t = useTestApp({ env: { ADMIN_EMAILS: ADMIN } });
const { api } = t;

const adult = { birthDate: '1995-01-01', ageMin: 18, ageMax: 99, placeId: null } as const;

/** A contestant with an approved photo entered in 'face'. */
async function contestant(name: string): Promise<{ memberId: string; photoId: string }> {
  const [memberId = ''] = await insertMembers(t.c.db, [{ ...adult, gender: 'female', interestedIn: ['male'], photo: 'approved', name }]);
  await t.c.db.query("INSERT INTO photo_entries (user_id, category) VALUES ($1, 'face')", [memberId]);
  const [photo] = await t.c.db.query<{ id: string }>('SELECT id FROM photos WHERE user_id = $1', [memberId]);
  return { memberId, photoId: photo!.id };
}

/** A member with a confirmed e-mail and a profile: may vote. */
async function eligibleVoter(name: string): Promise<ApiMember> {
  const m = await memberWithProfile(t.app, name, 'male');
  await confirmEmail(t.c, m.id);
  return m;
}

const vote = (token: string, photoId: string) => api('POST', '/api/votes', token, { photoId, category: 'face' });
const scoreOf = async (photoId: string) =>
  (await t.c.db.query<{ score: number }>('SELECT score FROM photo_scores WHERE photo_id = $1 AND month = $2', [photoId, berlinMonth()]))[0]?.score ?? 0;
const top = async (viewer: ApiMember) => (await api('GET', '/api/leaderboard/face', viewer.token)).json<LeaderboardEntry[]>();
const scoreInTop = async (viewer: ApiMember, photoId: string) => (await top(viewer)).find((e) => e.photo_id === photoId)?.score ?? 0;

async function adminToken(): Promise<string> {
  const { token } = await register(t.app, ADMIN);
  await t.c.db.query('UPDATE users SET email_verified = true WHERE email = $1', [ADMIN]);
  return token;
}
let admin: string | undefined;
async function suspend(memberId: string, suspended: boolean): Promise<void> {
  admin ??= await adminToken();
  const res = await api('POST', `/api/admin/users/${memberId}/${suspended ? 'suspend' : 'unsuspend'}`, admin);
  expect(res.statusCode).toBe(200);
}

describe('who may vote', () => {
  it('eight fresh accounts without a confirmed e-mail or a profile voting at once: each refused in German, the score unchanged', async () => {
    const c = await contestant('Ziel');
    const fan = await eligibleVoter('Fan');
    expect((await vote(fan.token, c.photoId)).json()).toEqual({ score: 1 });

    const throwaways = await Promise.all(Array.from({ length: 8 }, () => register(t.app)));
    const answers = await Promise.all(throwaways.map((a) => vote(a.token, c.photoId)));
    for (const res of answers) {
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ error: 'email_not_verified', message: errorMessage('email_not_verified', { of: 'vote' }) });
    }
    expect(errorMessage('email_not_verified', { of: 'vote' })).toMatch(/Abstimmen/);
    expect(await scoreOf(c.photoId)).toBe(1);
    expect(await scoreInTop(fan, c.photoId)).toBe(1);
  });

  it('refuses a member with a confirmed e-mail but no profile', async () => {
    const c = await contestant('Ziel ohne Profil');
    const { token } = await register(t.app);
    const id = (await api('GET', '/api/me', token)).json<{ id: string }>().id;
    await confirmEmail(t.c, id);
    const refused = { error: 'profile_required', message: errorMessage('profile_required', { of: 'vote' }) };
    const res = await vote(token, c.photoId);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual(refused);
    // An about-me text alone is no profile either (birth date and gender are).
    expect((await api('PUT', '/api/me/profile', token, { aboutMe: 'Nur ein Satz.' })).statusCode).toBe(200);
    expect((await vote(token, c.photoId)).json()).toEqual(refused);
    expect(await scoreOf(c.photoId)).toBe(0);
  });
});

describe('votes of accounts that are gone', () => {
  it('a suspended voter\'s votes stop counting at once (score and Top10 order) and count again when the suspension is lifted', async () => {
    const viewer = await eligibleVoter('Zuschauer');
    const a = await contestant('Anna');
    const b = await contestant('Berta');
    const [v1, v2, sus] = await Promise.all([eligibleVoter('Eins'), eligibleVoter('Zwei'), eligibleVoter('Gesperrt')]);
    // Anna 2 (one of them from the voter to be suspended), Berta 1... then Berta 2 reached later.
    for (const v of [v1!, sus!]) expect((await vote(v.token, a.photoId)).statusCode).toBe(200);
    expect((await vote(v2!.token, b.photoId)).statusCode).toBe(200);
    expect((await vote(v1!.token, b.photoId)).statusCode).toBe(200);
    const order = async () => (await top(viewer)).filter((e) => [a.photoId, b.photoId].includes(e.photo_id)).map((e) => [e.photo_id, e.score]);
    expect(await order()).toEqual([
      [a.photoId, 2],
      [b.photoId, 2],
    ]);

    await suspend(sus!.id, true);
    expect(await scoreOf(a.photoId)).toBe(1);
    expect(await order()).toEqual([
      [b.photoId, 2],
      [a.photoId, 1],
    ]);
    // Suspending twice takes nothing more away.
    await suspend(sus!.id, true);
    expect(await scoreOf(a.photoId)).toBe(1);

    await suspend(sus!.id, false);
    expect(await scoreOf(a.photoId)).toBe(2);
    expect(await order()).toEqual([
      [a.photoId, 2],
      [b.photoId, 2],
    ]);
  });

  it('a voter whose only vote made the score: suspended, the photo leaves the Top10', async () => {
    const viewer = await eligibleVoter('Zuschauerin');
    const c = await contestant('Einzelstimme');
    const only = await eligibleVoter('Einziger');
    expect((await vote(only.token, c.photoId)).statusCode).toBe(200);
    await suspend(only.id, true);
    expect(await scoreOf(c.photoId)).toBe(0);
    expect((await top(viewer)).some((e) => e.photo_id === c.photoId)).toBe(false);
  });

  it('a deleted voter\'s votes stop counting', async () => {
    const viewer = await eligibleVoter('Beobachter');
    const c = await contestant('Clara');
    const [stays, leaves] = await Promise.all([eligibleVoter('Bleibt'), eligibleVoter('Geht')]);
    for (const v of [stays, leaves]) expect((await vote(v.token, c.photoId)).statusCode).toBe(200);
    expect(await scoreInTop(viewer, c.photoId)).toBe(2);
    const res = await api('DELETE', '/api/me', leaves.token, { password: 'Kiwi-Wolke-Geheim-42' });
    expect(res.statusCode).toBe(200);
    expect(await scoreOf(c.photoId)).toBe(1);
    expect(await scoreInTop(viewer, c.photoId)).toBe(1);
  });

  it('a month frozen after a voter was suspended counts only the votes that count', async () => {
    const viewer = await eligibleVoter('Archiv');
    const c = await contestant('Vormonat');
    const [stays, suspended] = await Promise.all([eligibleVoter('Treu'), eligibleVoter('Gesperrt später')]);
    const lastMonth = new Date(Date.now() - 40 * 86_400_000);
    const month = berlinMonth(lastMonth);
    for (const v of [stays, suspended]) await t.c.leaderboard.vote(v.id, c.photoId, 'face', lastMonth);
    await suspend(suspended.id, true);
    const frozen = (await api('GET', `/api/leaderboard/face?month=${month}`, viewer.token)).json<LeaderboardEntry[]>();
    expect(frozen.find((e) => e.photo_id === c.photoId)?.score).toBe(1);
  });
});
