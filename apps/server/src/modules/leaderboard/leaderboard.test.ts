import type { LeaderboardEntry, LeaderboardEvent } from '@funkeln/contracts/leaderboard';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/fixture.js';
import { confirmEmail, memberWithProfile, type ApiMember } from '../../../test/members.js';
import { insertMembers } from '../../../test/population.js';
import { connectClient } from '../../../test/sockets.js';
import { countTransactions } from '../../../test/transactions.js';
import { castVote } from './leaderboard.repo.js';
import { berlinMonth } from './leaderboard.service.js';

const t = useTestApp({ listen: true });
const { api } = t;

/** Members with an approved photo entered in these categories; returns [memberId, photoId] pairs. */
async function contestants(n: number, categories = ['bikini'], photo: 'approved' | 'pending' = 'approved') {
  const ids = await insertMembers(
    t.c.db,
    Array.from({ length: n }, (_, i) => ({ gender: 'female' as const, interestedIn: ['male' as const], birthDate: '1995-01-01', ageMin: 18, ageMax: 99, placeId: null, photo, name: `Kandidatin ${i}` })),
  );
  await t.c.db.query('INSERT INTO photo_entries (user_id, category) SELECT u, c FROM unnest($1::uuid[]) u, unnest($2::text[]) c', [ids, categories]);
  const photos = await t.c.db.query<{ id: string; user_id: string }>('SELECT id, user_id FROM photos WHERE user_id = ANY($1::uuid[])', [ids]);
  return ids.map((id) => ({ memberId: id, photoId: photos.find((p) => p.user_id === id)!.id }));
}
async function voters(n: number): Promise<string[]> {
  return insertMembers(t.c.db, Array.from({ length: n }, () => ({ gender: 'male' as const, interestedIn: ['female' as const], birthDate: '1990-01-01', ageMin: 18, ageMax: 99, placeId: null, photo: 'none' as const })));
}
/** A member who may vote: a profile and a confirmed e-mail. */
async function voterWithProfile(name: string, gender: 'female' | 'male'): Promise<ApiMember> {
  const m = await memberWithProfile(t.app, name, gender);
  await confirmEmail(t.c, m.id);
  return m;
}
const board = async (m: ApiMember, category: string, month?: string) =>
  (await api('GET', `/api/leaderboard/${category}${month ? `?month=${month}` : ''}`, m.token)).json<LeaderboardEntry[]>();
const clearBoard = async () => {
  await t.c.db.query('DELETE FROM photo_scores');
  await t.c.db.query('DELETE FROM photo_votes');
  t.c.events.publish('leaderboard.scored', {}); // announced, as every writer of scores outside a vote does
};
/** Where a running Top10 is kept between changes: the embedded database, or PostgreSQL with the Redis event channel. */
const keepsTop = () => t.c.db.kind === 'pglite' || t.c.events.clustered;
/** A score written behind the services' backs, not announced: a kept Top10 does not see it. */
const unannouncedScore = (c: { memberId: string; photoId: string }, score: number) =>
  t.c.db.query(
    `INSERT INTO photo_scores (category, month, photo_id, user_id, score, reached) SELECT 'bikini', $1, $2, $3, $4, max(id) FROM photo_votes
     ON CONFLICT (category, month, photo_id) DO UPDATE SET score = EXCLUDED.score`,
    [berlinMonth(), c.photoId, c.memberId, score],
  );

describe('voting', () => {
  it('counts one vote per member, photo and month, never one\'s own or an unapproved photo', async () => {
    const viewer = await voterWithProfile('Wählerin', 'male');
    const [c] = await contestants(1);
    const vote = (photoId: string, category = 'bikini', token = viewer.token) => api('POST', '/api/votes', token, { photoId, category });
    expect((await vote(c!.photoId)).json()).toEqual({ score: 1 });
    const again = await vote(c!.photoId);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('Für dieses Foto hast du diesen Monat schon abgestimmt.');
    expect((await vote(c!.photoId, 'face')).statusCode).toBe(404); // not entered there
    const [pending] = await contestants(1, ['bikini'], 'pending');
    expect((await vote(pending!.photoId)).statusCode).toBe(404);
    expect((await vote(c!.photoId, 'strand')).statusCode).toBe(400);
    // One's own photo.
    await t.c.db.query(
      "INSERT INTO photos (id, user_id, status, large_key, thumb_key, blur_key, width, height) VALUES (gen_random_uuid(), $1, 'approved', 'l', 't', 'b', 1, 1)",
      [viewer.id],
    );
    await api('PUT', '/api/me/photo/categories', viewer.token, { categories: ['bikini'] });
    const own = (await t.c.db.query<{ id: string }>('SELECT id FROM photos WHERE user_id = $1', [viewer.id]))[0]!.id;
    const self = await vote(own);
    expect(self.statusCode).toBe(400);
    expect(self.json().message).toBe('Für dein eigenes Foto kannst du nicht abstimmen.');
  });

  it('refuses a vote across a block either way, as if the photo were not there, and writes nothing', async () => {
    const viewer = await voterWithProfile('Blockierer', 'male');
    const [blocked, blocking] = await contestants(2);
    await t.c.db.query('INSERT INTO blocks (blocker_id, blocked_id) VALUES ($1, $2), ($3, $1)', [viewer.id, blocked!.memberId, blocking!.memberId]);
    for (const c of [blocked!, blocking!]) {
      const res = await api('POST', '/api/votes', viewer.token, { photoId: c.photoId, category: 'bikini' });
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe((await api('POST', '/api/votes', viewer.token, { photoId: '00000000-0000-4000-8000-000000000000', category: 'bikini' })).json().message);
    }
    const written = await t.c.db.query<{ n: number }>(
      'SELECT (SELECT count(*) FROM photo_votes WHERE voter_id = $1) + (SELECT count(*) FROM photo_scores WHERE photo_id = ANY($2::uuid[])) AS n',
      [viewer.id, [blocked!.photoId, blocking!.photoId]],
    );
    expect(written[0]!.n).toBe(0);
  });

  it('keeps scores and ranks right under concurrent voting; ties go to who reached the score first', async () => {
    await clearBoard();
    const [a, b, c] = await contestants(3);
    const crowd = await voters(24);
    const vote = (voter: string, photoId: string) => t.c.leaderboard.vote(voter, photoId, 'bikini');
    // a: 12 votes, b: 8, c: 8 (c reaches 8 before b does), all at once per photo.
    await Promise.all(crowd.slice(0, 12).map((v) => vote(v, a!.photoId)));
    await Promise.all(crowd.slice(0, 8).map((v) => vote(v, c!.photoId)));
    await Promise.all(crowd.slice(8, 16).map((v) => vote(v, b!.photoId)));
    // The same voters again, at once: every one refused.
    const repeats = await Promise.allSettled(crowd.slice(0, 12).map((v) => vote(v, a!.photoId)));
    expect(repeats.every((r) => r.status === 'rejected')).toBe(true);
    const viewer = await memberWithProfile(t.app, 'Zuschauer', 'male');
    const top = await board(viewer, 'bikini');
    expect(top.map((e) => [e.rank, e.photo_id, e.score])).toEqual([
      [1, a!.photoId, 12],
      [2, c!.photoId, 8],
      [3, b!.photoId, 8],
    ]);
    expect(top[0]).toMatchObject({ user_id: a!.memberId, month_year: berlinMonth(), name: 'Kandidatin 0' });
    expect(top[0]!.thumbUrl).toMatch(new RegExp(`/api/photos/${a!.photoId}/thumb`));
  });

  it('drops a disabled photo, a removed entry and a replaced photo from the running Top10 at once', async () => {
    await clearBoard();
    const [a, b, c] = await contestants(3);
    const [v] = await voters(1);
    for (const x of [a, b, c]) await t.c.leaderboard.vote(v!, x!.photoId, 'bikini');
    const viewer = await memberWithProfile(t.app, 'Zuschauer', 'male');
    // The rows change behind the services' backs, announced as the services announce them (a kept Top10 ends with it).
    await t.c.db.query('UPDATE photos SET disabled_at = now() WHERE id = $1', [a!.photoId]);
    await t.c.db.query("DELETE FROM photo_entries WHERE user_id = $1 AND category = 'bikini'", [b!.memberId]);
    t.c.events.publish('users.changed', { userIds: [a!.memberId, b!.memberId] });
    expect((await board(viewer, 'bikini')).map((e) => e.photo_id)).toEqual([c!.photoId]);
    await t.c.db.query('DELETE FROM photos WHERE id = $1', [c!.photoId]);
    t.c.events.publish('users.changed', { userIds: [c!.memberId] });
    expect(await board(viewer, 'bikini')).toEqual([]);
  });

  it('keeps the running Top10 between changes where every change reaches the process, and every change ends it', async () => {
    await clearBoard();
    const [a, b] = await contestants(2);
    const [v, w] = await voters(2);
    const viewer = await memberWithProfile(t.app, 'Zuschauerin', 'male');
    await t.c.leaderboard.vote(v!, a!.photoId, 'bikini');
    expect((await board(viewer, 'bikini')).map((e) => e.photo_id)).toEqual([a!.photoId]);
    // A score written without announcing it: a kept Top10 does not see it.
    await unannouncedScore(b!, 5);
    const kept = (await board(viewer, 'bikini')).map((e) => e.photo_id);
    expect(kept).toEqual(keepsTop() ? [a!.photoId] : [b!.photoId, a!.photoId]);
    // Announced, it shows at once; so does the next vote, and a member's change (their name).
    t.c.events.publish('leaderboard.scored', {});
    expect((await board(viewer, 'bikini')).map((e) => [e.photo_id, e.score])).toEqual([[b!.photoId, 5], [a!.photoId, 1]]);
    await t.c.leaderboard.vote(w!, a!.photoId, 'bikini');
    expect((await board(viewer, 'bikini')).map((e) => [e.photo_id, e.score])).toEqual([[b!.photoId, 5], [a!.photoId, 2]]);
    await t.c.db.query(`UPDATE users SET display_name = 'Neuer Name' WHERE id = $1`, [b!.memberId]);
    t.c.events.publish('users.changed', { userIds: [b!.memberId] });
    expect((await board(viewer, 'bikini'))[0]?.name).toBe('Neuer Name');
  });

  it('reads nothing for a vote that cannot reach a full Top10; a tie with the tenth or a vote inside it reads again', async () => {
    await clearBoard();
    const field = await contestants(13);
    const crowd = await voters(4);
    // Ten photos with 3 votes each fill the Top10; three more start with one vote each.
    for (const c of field.slice(0, 10)) for (const v of crowd.slice(0, 3)) await t.c.leaderboard.vote(v, c.photoId, 'bikini');
    const [outsider, hidden, climber] = field.slice(10) as [(typeof field)[number], (typeof field)[number], (typeof field)[number]];
    for (const c of [outsider, hidden, climber]) await t.c.leaderboard.vote(crowd[0]!, c.photoId, 'bikini');
    const viewer = await memberWithProfile(t.app, 'Zuschauer', 'male');
    const top = (await board(viewer, 'bikini')).map((e) => e.photo_id);
    expect(top).toEqual(field.slice(0, 10).map((c) => c.photoId));
    // Behind the services' backs: a score that would lead. Only a read of the Top10 can show it.
    await unannouncedScore(hidden, 50);
    // 2 votes < the tenth's 3: the kept Top10 stands (no read) where one is kept.
    await t.c.leaderboard.vote(crowd[1]!, outsider.photoId, 'bikini');
    expect((await board(viewer, 'bikini'))[0]?.photo_id).toBe(keepsTop() ? field[0]!.photoId : hidden.photoId);
    // 3 = the tenth's 3: it may have moved (who reached 3 first is the database's to say), so it is read again.
    await t.c.leaderboard.vote(crowd[2]!, outsider.photoId, 'bikini');
    const afterTie = await board(viewer, 'bikini');
    expect(afterTie[0]).toMatchObject({ photo_id: hidden.photoId, score: 50 });
    expect(afterTie.map((e) => e.photo_id)).not.toContain(outsider.photoId); // reached 3 last
    // A vote inside the Top10 is read again and pushed; one climbing past the tenth enters it.
    await t.c.leaderboard.vote(crowd[3]!, field[9]!.photoId, 'bikini');
    expect((await board(viewer, 'bikini')).find((e) => e.photo_id === field[9]!.photoId)?.score).toBe(4);
    for (const v of crowd.slice(1, 4)) await t.c.leaderboard.vote(v, climber.photoId, 'bikini');
    expect((await board(viewer, 'bikini')).find((e) => e.photo_id === climber.photoId)).toMatchObject({ score: 4 });
  });

  it('limits votes against automation', async () => {
    const many = await contestants(31, ['face']);
    const [v] = await voters(1);
    // The vote endpoint declares the limits (counted by the server's hook), so they are asked over HTTP.
    const token = await t.c.sessions.create(t.c.db, v!);
    const results = await Promise.all(many.map((c) => api('POST', '/api/votes', token, { photoId: c.photoId, category: 'face' })));
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(30);
    expect(results.filter((r) => r.statusCode === 429)).toHaveLength(1);
  });

  it('suggests photos to rate one at a time: entered, approved, not own, not yet voted, skips honoured', async () => {
    const rater = await voterWithProfile('Bewerterin', 'female');
    const [a, b] = await contestants(2, ['vacation']);
    const next = async (skip: string[] = []) =>
      (await api('GET', `/api/votes/next?category=vacation${skip.length ? `&skip=${skip.join(',')}` : ''}`, rater.token)).json<{ candidate: { photoId: string; url: string } | null }>().candidate;
    const first = await next();
    expect([a!.photoId, b!.photoId]).toContain(first!.photoId);
    const other = first!.photoId === a!.photoId ? b!.photoId : a!.photoId;
    expect((await next([first!.photoId]))!.photoId).toBe(other);
    await api('POST', '/api/votes', rater.token, { photoId: first!.photoId, category: 'vacation' });
    await api('POST', '/api/votes', rater.token, { photoId: other, category: 'vacation' });
    expect(await next()).toBeNull();
  });
});

describe('the vote write', () => {
  const voteFor = (c: { memberId: string; photoId: string }, voterId: string, q: Parameters<typeof castVote>[0] = t.c.db) =>
    castVote(q, { photoId: c.photoId, ownerId: c.memberId, voterId, category: 'bikini', month: berlinMonth(), day: '2026-12-01', at: new Date() });
  const votesOf = (photoIds: string[]) =>
    t.c.db.query<{ photo_id: string; voter_id: string | null }>('SELECT photo_id, voter_id FROM photo_votes WHERE photo_id = ANY($1::uuid[]) ORDER BY photo_id, voter_id', [photoIds]);
  const scoresOf = (photoIds: string[]) => t.c.db.query<{ photo_id: string }>('SELECT photo_id FROM photo_scores WHERE photo_id = ANY($1::uuid[])', [photoIds]);

  it("locks neither the photo's row nor the members' (no foreign key checks them)", async () => {
    const [c] = await contestants(1);
    const [voter, other] = await voters(2);
    const locked = await t.c.db.transaction(async (tx) => {
      expect(await voteFor(c!, voter!, tx)).toBe(1); // the photo's first vote of the month: a new score row too
      // the probe sees a row lock when there is one: the other member's, locked as a foreign key check would
      await tx.query('SELECT 1 FROM users WHERE id = $1 FOR KEY SHARE', [other]);
      const rows = await tx.query<{ id: string }>(
        `SELECT id FROM users WHERE id = ANY($1::uuid[]) AND xmax::text = pg_current_xact_id_if_assigned()::text
         UNION ALL SELECT id FROM photos WHERE id = $2 AND xmax::text = pg_current_xact_id_if_assigned()::text`,
        [[c!.memberId, voter, other], c!.photoId],
      );
      return rows.map((r) => r.id);
    });
    expect(locked).toEqual([other]);
  });

  it('opens no transaction: the check locks nothing and the vote is one statement (PGlite has one connection)', async () => {
    const [c] = await contestants(1);
    const [voter] = await voters(1);
    const opened = countTransactions(t.c.db);
    try {
      expect(await t.c.leaderboard.vote(voter!, c!.photoId, 'bikini')).toEqual({ score: 1 });
      await expect(t.c.leaderboard.vote(voter!, c!.photoId, 'bikini')).rejects.toMatchObject({ code: 'already_voted' });
      expect(opened.count()).toBe(0);
    } finally {
      opened.restore();
    }
  });

  it("takes a photo's votes and score with the photo and an owner's with the owner; a voter's votes stay without them", async () => {
    const [kept, removed, ownerGone] = await contestants(3);
    const [voter, leaving] = await voters(2);
    for (const c of [kept!, removed!, ownerGone!]) for (const v of [voter!, leaving!]) await voteFor(c, v);
    await t.c.db.query('DELETE FROM photos WHERE id = $1', [removed!.photoId]);
    await t.c.db.query('DELETE FROM users WHERE id = $1', [ownerGone!.memberId]);
    await t.c.db.query('DELETE FROM users WHERE id = $1', [leaving]);
    const all = [kept!.photoId, removed!.photoId, ownerGone!.photoId];
    expect(await votesOf(all)).toEqual([
      { photo_id: kept!.photoId, voter_id: voter },
      { photo_id: kept!.photoId, voter_id: null },
    ]);
    expect(await scoresOf(all)).toEqual([{ photo_id: kept!.photoId }]);
  });
});

describe('months', () => {
  it('counts a vote for the Berlin month it was cast in', () => {
    expect(berlinMonth(new Date('2026-10-31T22:59:59Z'))).toBe('2026-10'); // 23:59:59 CET
    expect(berlinMonth(new Date('2026-10-31T23:00:00Z'))).toBe('2026-11'); // 00:00 CET
    expect(berlinMonth(new Date('2026-03-31T21:59:59Z'))).toBe('2026-03'); // 23:59:59 CEST
    expect(berlinMonth(new Date('2026-03-31T22:00:00Z'))).toBe('2026-04');
  });

  it('freezes a finished month: later removals hide entries without re-ranking; Top10 badges follow', async () => {
    const [a, b, c] = await contestants(3, ['full_body']);
    const crowd = await voters(3);
    const lastEvening = new Date('2026-10-31T22:30:00Z'); // 23:30 in Berlin: October
    const midnight = new Date('2026-10-31T23:30:00Z'); // 00:30 in Berlin: November
    for (const v of crowd) await t.c.leaderboard.vote(v, a!.photoId, 'full_body', lastEvening);
    for (const v of crowd.slice(0, 2)) await t.c.leaderboard.vote(v, b!.photoId, 'full_body', lastEvening);
    await t.c.leaderboard.vote(crowd[0]!, c!.photoId, 'full_body', midnight);
    const viewer = await memberWithProfile(t.app, 'Archivar', 'male');
    const october = await board(viewer, 'full_body', '2026-10');
    expect(october.map((e) => [e.rank, e.photo_id, e.score, e.month_year])).toEqual([
      [1, a!.photoId, 3, '2026-10'],
      [2, b!.photoId, 2, '2026-10'],
    ]);
    expect(await t.c.leaderboard.freezeFinishedMonths()).not.toContain('2026-10'); // frozen once, already
    expect((await board(viewer, 'full_body', '2026-11')).map((e) => [e.photo_id, e.score])).toEqual([[c!.photoId, 1]]);
    await t.c.db.query('UPDATE photos SET disabled_at = now() WHERE id = $1', [a!.photoId]);
    expect((await board(viewer, 'full_body', '2026-10')).map((e) => [e.rank, e.photo_id])).toEqual([[2, b!.photoId]]);
    const profile = (await api('GET', `/api/profile/${b!.memberId}`, viewer.token)).json<{ profile: { badges: { id: string; name: string }[] } }>();
    expect(profile.profile.badges).toContainEqual(expect.objectContaining({ id: 'top10:full_body:2026-10', name: 'Top10 Ganzkörper' }));
    expect((await api('GET', '/api/leaderboard/full_body?month=2026-13', viewer.token)).statusCode).toBe(400);
    // A month without votes is answered empty and not frozen: naming past months writes nothing.
    const frozenMonths = async () => (await t.c.db.query('SELECT month FROM leaderboard_frozen')).length;
    const before = await frozenMonths();
    for (const month of ['0000-01', '1970-05', '2026-09']) expect(await board(viewer, 'full_body', month)).toEqual([]);
    expect(await frozenMonths()).toBe(before);
    expect((await api('GET', '/api/leaderboard/strand', viewer.token)).statusCode).toBe(400);
  });
});

describe('entries', () => {
  it('lets a member choose the categories of their photo', async () => {
    const m = await memberWithProfile(t.app, 'Teilnehmerin', 'female');
    expect((await api('PUT', '/api/me/photo/categories', m.token, { categories: ['face', 'bikini', 'face'] })).json()).toEqual({ categories: ['bikini', 'face'], photos: {} });
    expect((await api('GET', '/api/me/photo/categories', m.token)).json()).toEqual({ categories: ['bikini', 'face'], photos: {} });
    expect((await api('PUT', '/api/me/photo/categories', m.token, { categories: ['mond'] })).statusCode).toBe(400);
  });
});

describe('rewards and badges', () => {
  it('makes get_vote claimable once the member\'s photo received a vote today', async () => {
    const owner = await memberWithProfile(t.app, 'Fotomodell', 'female');
    await t.c.db.query('UPDATE users SET email_verified = true WHERE id = $1', [owner.id]);
    await t.c.db.query(
      "INSERT INTO photos (id, user_id, status, large_key, thumb_key, blur_key, width, height) VALUES (gen_random_uuid(), $1, 'approved', 'l', 't', 'b', 1, 1)",
      [owner.id],
    );
    await api('PUT', '/api/me/photo/categories', owner.token, { categories: ['face'] });
    const claim = () => api('POST', '/api/rewards/claim', owner.token, { type: 'get_vote' });
    expect((await claim()).statusCode).toBe(409);
    const photoId = (await t.c.db.query<{ id: string }>('SELECT id FROM photos WHERE user_id = $1', [owner.id]))[0]!.id;
    const [v] = await voters(1);
    await t.c.leaderboard.vote(v!, photoId, 'face');
    expect((await claim()).json()).toEqual({ amount: 5 });
    expect((await claim()).statusCode).toBe(409);
  });

  it('awards badges by events, once: verified, photo, first match, first message, 50 votes', async () => {
    const [x] = await voters(1);
    const targets = await contestants(50, ['age']);
    await t.c.db.query(
      `INSERT INTO photo_votes (photo_id, owner_id, voter_id, category, month, day) SELECT p, o, $1, 'age', $2, CURRENT_DATE FROM unnest($3::uuid[], $4::uuid[]) AS t(p, o)`,
      [x, berlinMonth(), targets.map((c) => c.photoId), targets.map((c) => c.memberId)],
    );
    await t.c.db.query('INSERT INTO matches (user_a, user_b) VALUES (LEAST($1::uuid, $2::uuid), GREATEST($1::uuid, $2::uuid))', [x, targets[0]!.memberId]);
    const eva = await memberWithProfile(t.app, 'Eva', 'female');
    await api('POST', `/api/messages/${x}`, eva.token, { body: 'Hallo' });
    const kinds = async (id: string) => (await t.c.badges.of(id)).map((b) => b.id).sort();
    expect(await kinds(x!)).toEqual(['email_verified', 'first_match', 'votes_50']);
    expect(await kinds(targets[0]!.memberId)).toEqual(['email_verified', 'first_match', 'photo_approved']);
    expect(await kinds(eva.id)).toEqual(['first_message']);
    const card = (await api('GET', `/api/profile/${x}`, eva.token)).json<{ profile: { badges: { name: string; description: string }[] } }>();
    expect(card.profile.badges.map((b) => b.name)).toEqual(expect.arrayContaining(['Jury', 'Erstes Match', 'E-Mail bestätigt']));
  });
});

describe('live', () => {
  it('pushes the new Top10 to pages following the category when it changes', async () => {
    const viewer = await memberWithProfile(t.app, 'Live', 'male');
    const client = connectClient(t.base, viewer.token);
    await client.connected();
    client.socket.emit('leaderboard:watch', 'sex');
    await new Promise((r) => setTimeout(r, 100));
    const [c] = await contestants(1, ['sex']);
    const [v] = await voters(1);
    const event = new Promise<LeaderboardEvent>((resolve) => client.socket.once('leaderboard', resolve));
    await t.c.leaderboard.vote(v!, c!.photoId, 'sex');
    expect(await event).toMatchObject({ category: 'sex', month: berlinMonth(), entries: [{ rank: 1, photo_id: c!.photoId, score: 1 }] });
    client.close();
  });

  it('after many votes at once, the last Top10 pushed is the Top10 (votes share reads, none is missed)', async () => {
    await clearBoard();
    const field = await contestants(14, ['full_body']);
    const crowd = await voters(12);
    const viewer = await memberWithProfile(t.app, 'Zuschauer', 'male');
    const pushed: LeaderboardEntry[][] = [];
    const off = t.c.events.on('leaderboard.changed', (e) => void (e.category === 'full_body' && pushed.push(e.entries)));
    // Voter i votes for the first 2 + i % 12 photos: a ranking with clear leaders and a crowded tail.
    const votes = crowd.flatMap((v, i) => field.slice(0, 2 + (i % 12)).map((c) => () => t.c.leaderboard.vote(v, c.photoId, 'full_body')));
    await Promise.all(votes.map((vote) => vote()));
    await t.c.leaderboard.settled();
    off();
    const top = await board(viewer, 'full_body');
    expect(top).toHaveLength(10);
    const key = (entries: LeaderboardEntry[]) => entries.map((e) => `${e.rank}:${e.photo_id}:${e.score}`);
    expect(pushed.length).toBeGreaterThan(0);
    expect(key(pushed.at(-1)!)).toEqual(key(top));
  });
});
