import { randomUUID } from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import { bearer, register } from '../../../test/harness.js';
import { makeJpeg, multipart } from '../../../test/images.js';
import { buyPack, confirmEmail, type ApiMember } from '../../../test/members.js';
import { useSwipers } from '../../../test/swipers.js';
import { berlinMonth } from '../leaderboard/leaderboard.service.js';

const { t, api, member, act } = useSwipers();

/** Status, headers (without the request's id, date and rate-limit counters) and body, with the ids asked about written as <id>. */
function answer(res: LightMyRequestResponse, ...ids: string[]): string {
  const headers = Object.fromEntries(Object.entries(res.headers).filter(([k]) => !['x-request-id', 'date'].includes(k) && !k.startsWith('x-ratelimit')));
  return ids.reduce((text, id) => text.split(id).join('<id>'), [res.statusCode, JSON.stringify(headers), res.body].join('\n'));
}

/** What `m` is answered for each request about `id`. */
async function answersAbout(m: ApiMember, id: string, photoId: string): Promise<string[]> {
  const requests: [string, string, object?][] = [
    ['GET', `/api/profile/${id}`],
    ['GET', `/api/conversations/${id}`],
    ['GET', `/api/conversations/${id}/compose`],
    ['POST', `/api/messages/${id}`, { body: 'Hallo, bist du da?' }],
    ['POST', `/api/messages/${id}`, { body: 'Antwort vorbezahlt', prepaidReply: 5 }],
    ['POST', `/api/likes/${id}?type=like`],
    ['POST', `/api/likes/${id}?type=flirt`],
    ['POST', '/api/votes', { photoId, category: 'face' }],
    ['POST', `/api/conversations/${id}/read`],
    ['DELETE', `/api/matches/${id}`],
  ];
  const out: string[] = [];
  for (const [method, url, body] of requests) {
    const res = await api(method as 'GET' | 'POST' | 'DELETE', url, m.token, body);
    out.push(`${method} ${url.split(id).join('<id>')}\n${answer(res, id, photoId)}`);
  }
  return out;
}

/** A voter with a confirmed address, a profile and credits: nothing but the target stands in the way. */
async function writer(name: string): Promise<ApiMember> {
  const m = await member(name, 'male', ['female']);
  await confirmEmail(t.c, m.id);
  await buyPack(t.app, m.token);
  return m;
}

/** A member whose main photo competes in the 'face' Top10: its id. */
async function enteredPhoto(m: ApiMember): Promise<string> {
  const res = await api('PUT', '/api/me/photo/categories', m.token, { categories: ['face'] });
  expect(res.statusCode).toBe(200);
  const photo = await t.c.photos.findForMember(m.id);
  return photo?.id ?? '';
}

describe('a block reads like a member who is not there, for the one blocked (issue 54, 8c)', () => {
  it('messages, prepaid replies, likes, flirts, votes, profile and conversation answer the blocked member exactly as for an unknown id', async () => {
    const rita = await member('Rita', 'female', ['male']);
    const photo = await enteredPhoto(rita);
    const blocked = await writer('Bruno');
    expect((await api('POST', `/api/blocks/${blocked.id}`, rita.token)).statusCode).toBe(200);
    const nobody = randomUUID();
    const toRita = await answersAbout(blocked, rita.id, photo);
    const toNobody = await answersAbout(blocked, nobody, randomUUID());
    expect(toRita).toEqual(toNobody);
    expect(toRita.join('\n')).not.toMatch(/blockiert/);
    expect(await t.c.db.query('SELECT 1 FROM messages WHERE sender_id = $1', [blocked.id])).toEqual([]);
  });

  it('the member who blocked gets the same answers too (her block list is hers to read; nothing else changes)', async () => {
    const rita = await writer('Reinhard');
    const other = await member('Olivia', 'female', ['male']);
    const photo = await enteredPhoto(other);
    expect((await api('POST', `/api/blocks/${other.id}`, rita.token)).statusCode).toBe(200);
    expect(await answersAbout(rita, other.id, photo)).toEqual(await answersAbout(rita, randomUUID(), randomUUID()));
  });
});

describe('an account without a profile is a member not there (issue 54, 8b)', () => {
  it('profile, conversation, composer and share page answer as for an unknown id: no display name', async () => {
    const viewer = await writer('Viktor');
    const { token } = await register(t.app, undefined, undefined, 'Geheimname Ohneprofil');
    const id = (await api('GET', '/api/me', token)).json<{ id: string }>().id;
    const nobody = randomUUID();
    for (const url of [(x: string) => `/api/profile/${x}`, (x: string) => `/api/conversations/${x}`, (x: string) => `/api/conversations/${x}/compose`]) {
      const ofAccount = await api('GET', url(id), viewer.token);
      expect(answer(ofAccount, id), url('…')).toBe(answer(await api('GET', url(nobody), viewer.token), nobody));
      expect(ofAccount.body).not.toContain('Geheimname');
    }
    const share = await t.app.inject({ method: 'GET', url: `/share/${id}` });
    expect(answer(share, id)).toBe(answer(await t.app.inject({ method: 'GET', url: `/share/${nobody}` }), nobody));
    // The account sees its own (empty) profile.
    expect((await api('GET', `/api/profile/${id}`, token)).statusCode).toBe(200);
  });
});

describe('an account without a profile shows nowhere else either (issue 54, red-team pass)', () => {
  it('its flirt is not in her list and its photo not in a Top10, though both were stored before it was hidden', async () => {
    const her = await member('Hanna', 'female', ['male']);
    const ghost = await withoutProfile('Geist Ohneprofil');
    // Stored the way they were before profile-less accounts were hidden: a flirt and a score.
    await t.c.db.query(`INSERT INTO swipes (id, actor_id, target_id, kind) VALUES ($1, $2, $3, 'flirt')`, [randomUUID(), ghost.id, her.id]);
    await t.c.db.query(`INSERT INTO photo_scores (category, month, photo_id, user_id, score, reached) VALUES ('face', $1, $2, $3, 3, 0)`, [berlinMonth(), ghost.photo, ghost.id]);
    expect((await api('GET', '/api/likes/received', her.token)).json()).toEqual([]);
    const top = await api('GET', '/api/leaderboard/face', her.token);
    expect(top.statusCode).toBe(200);
    expect(top.body).not.toContain(ghost.id);
    expect(top.body).not.toContain('Geist');
  });

  it('switching sharing on or off in the settings does not make one (red team, session 58: the settings created the profile row)', async () => {
    const bob = await writer('Bastian');
    const ghost = await withoutProfile('Gero Ohneprofil');
    const unknown = await answersAbout(bob, randomUUID(), randomUUID());
    const on = await api('PUT', '/api/me/settings', ghost.token, { shareEnabled: true, readReceipts: false });
    expect(on.statusCode).toBe(403);
    expect(on.json()).toMatchObject({ error: 'profile_required', message: 'Lege zuerst dein Profil an, dann kannst du es teilen.' });
    // Refused as a whole: the other setting of the same request is not half-written.
    expect((await api('GET', '/api/me/settings', ghost.token)).json()).toMatchObject({ shareEnabled: false, readReceipts: true });
    expect((await api('PUT', '/api/me/settings', ghost.token, { shareEnabled: false })).json()).toMatchObject({ shareEnabled: false });
    expect(await t.c.db.query('SELECT 1 FROM profiles WHERE user_id = $1', [ghost.id])).toEqual([]);
    expect(await answersAbout(bob, ghost.id, ghost.photo)).toEqual(unknown);
    const sharePage = async (id: string) => answer(await t.app.inject({ method: 'GET', url: `/share/${id}` }), id);
    expect(await sharePage(ghost.id)).toBe(await sharePage(randomUUID()));
  });
});

/** A registered account with an approved photo in the 'face' Top10 and no profile: its id, token and photo. */
async function withoutProfile(name: string): Promise<ApiMember & { photo: string }> {
  const { token } = await register(t.app, undefined, undefined, name);
  const id = (await api('GET', '/api/me', token)).json<{ id: string }>().id;
  const body = multipart(await makeJpeg(420, 400));
  expect((await t.app.inject({ method: 'POST', url: '/api/photos/upload', payload: body.payload, headers: { ...body.headers, ...bearer(token) } })).statusCode).toBe(200);
  return { id, token, name, photo: await enteredPhoto({ id, token, name }) };
}

/** Suspends an account as the admin's switch does (the row, then the sessions' and caches' news). */
async function suspend(id: string): Promise<void> {
  await t.c.db.query('UPDATE users SET suspended_at = now() WHERE id = $1', [id]);
  t.c.events.publish('users.changed', { userIds: [id] });
}

/** What `m` is answered by the routes that act on an account whatever its visibility: report, block, unblock. */
async function accountAnswers(m: ApiMember, id: string): Promise<string> {
  const requests: [string, string, object?][] = [
    ['POST', '/api/reports', { userId: id, reason: 'harassment', details: 'Schreibt mir ständig.' }],
    ['POST', `/api/blocks/${id}`],
    ['DELETE', `/api/blocks/${id}`],
  ];
  const out: string[] = [];
  for (const [method, url, body] of requests) {
    const res = await api(method as 'POST' | 'DELETE', url, m.token, body);
    out.push(`${method} ${url.split(id).join('<id>')}\n${answer(res, id).replace(/"id":"[0-9a-f-]{36}"/, '"id":"<report>"')}`);
  }
  return out.join('\n');
}

describe('every hidden member looks the same to whoever cannot see them (issue 54, red-team pass: the block oracle)', () => {
  it('blocked-by, blocker-of, suspended, profile-less and erased members answer like an unknown id on every route that needs a visible member, and nothing is stored', async () => {
    const bob = await writer('Bob');
    const [eve, rita, sus] = [await member('Eve', 'female', ['male']), await member('Rita', 'female', ['male']), await member('Susi', 'female', ['male'])];
    const erased = await member('Erika', 'female', ['male']);
    const photos = { eve: await enteredPhoto(eve), rita: await enteredPhoto(rita), sus: await enteredPhoto(sus), erased: await enteredPhoto(erased) };
    // Bob matched and wrote with the ones about to hide, and they wrote back: unread messages, a match to end.
    for (const m of [eve, rita, sus]) {
      await act(bob, m.id, 'like');
      await act(m, bob.id, 'like');
      expect((await api('POST', `/api/messages/${bob.id}`, m.token, { body: 'Hallo Bob!' })).statusCode).toBe(200);
    }
    const noProfile = await withoutProfile('Nora Ohneprofil');
    expect((await api('POST', `/api/blocks/${bob.id}`, eve.token)).statusCode).toBe(200);
    expect((await api('POST', `/api/blocks/${rita.id}`, bob.token)).statusCode).toBe(200);
    await suspend(sus.id);
    expect((await api('DELETE', '/api/me', erased.token, { password: 'Kiwi-Wolke-Geheim-42' })).statusCode).toBe(200);
    const before = await t.c.db.query('SELECT target_id, kind FROM swipes WHERE actor_id = $1 ORDER BY target_id', [bob.id]);

    const unknown = await answersAbout(bob, randomUUID(), randomUUID());
    const hidden = {
      blockedBy: await answersAbout(bob, eve.id, photos.eve),
      blocking: await answersAbout(bob, rita.id, photos.rita),
      suspended: await answersAbout(bob, sus.id, photos.sus),
      noProfile: await answersAbout(bob, noProfile.id, noProfile.photo),
      erased: await answersAbout(bob, erased.id, photos.erased),
    };
    expect(hidden).toEqual({ blockedBy: unknown, blocking: unknown, suspended: unknown, noProfile: unknown, erased: unknown });
    expect(await t.c.db.query('SELECT target_id, kind FROM swipes WHERE actor_id = $1 ORDER BY target_id', [bob.id])).toEqual(before);
    expect(await t.c.db.query('SELECT 1 FROM messages WHERE sender_id = $1', [bob.id])).toEqual([]);
    expect(await t.c.db.query('SELECT 1 FROM photo_votes WHERE voter_id = $1', [bob.id])).toEqual([]);
    expect(await t.c.db.query('SELECT 1 FROM messages WHERE recipient_id = $1 AND read_at IS NOT NULL', [bob.id])).toEqual([]);
  });

  it('reporting and blocking answer the same for every account there is, hidden or not (a blocked harasser can still be reported); an unknown or erased id is a 404', async () => {
    const bob = await writer('Bert');
    const [eve, rita, sus, visible] = [await member('Edda', 'female', ['male']), await member('Ruth', 'female', ['male']), await member('Selma', 'female', ['male']), await member('Vera', 'female', ['male'])];
    const erased = await member('Elke', 'female', ['male']);
    const noProfile = await withoutProfile('Nele Ohneprofil');
    expect((await api('POST', `/api/blocks/${bob.id}`, eve.token)).statusCode).toBe(200);
    expect((await api('POST', `/api/blocks/${rita.id}`, bob.token)).statusCode).toBe(200);
    await suspend(sus.id);
    expect((await api('DELETE', '/api/me', erased.token, { password: 'Kiwi-Wolke-Geheim-42' })).statusCode).toBe(200);

    const shown = await accountAnswers(bob, visible.id);
    expect(shown).toMatch(/^POST \/api\/reports\n200/);
    const hidden = {
      blockedBy: await accountAnswers(bob, eve.id),
      blocking: await accountAnswers(bob, rita.id),
      suspended: await accountAnswers(bob, sus.id),
      noProfile: await accountAnswers(bob, noProfile.id),
    };
    expect(hidden).toEqual({ blockedBy: shown, blocking: shown, suspended: shown, noProfile: shown });
    const reported = await t.c.db.query<{ reported_id: string }>('SELECT reported_id FROM reports WHERE reporter_id = $1', [bob.id]);
    expect(reported.map((r) => r.reported_id).sort()).toEqual([visible.id, eve.id, rita.id, sus.id, noProfile.id].sort());

    const nobody = await accountAnswers(bob, randomUUID());
    expect(nobody).toMatch(/^POST \/api\/reports\n404/);
    expect(await accountAnswers(bob, erased.id)).toBe(nobody);
  });
});
