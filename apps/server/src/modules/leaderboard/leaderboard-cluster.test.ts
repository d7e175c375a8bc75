// The running Top10 kept in memory by two processes (PostgreSQL + Redis): a change in one ends the
// other's kept Top10, so neither serves a Top10 that a vote elsewhere has moved.
import type { LeaderboardEntry } from '@funkeln/contracts/leaderboard';
import { describe, expect, it } from 'vitest';
import { bearer, type TestApp } from '../../../test/harness.js';
import { clustered, eventually, useClusterPair } from '../../../test/cluster.js';
import { memberWithProfile } from '../../../test/members.js';
import { insertMembers } from '../../../test/population.js';

describe.runIf(clustered)('the running Top10 on two processes', () => {
  const cluster = useClusterPair();

  const board = async (node: TestApp, token: string) =>
    (await node.app.inject({ method: 'GET', url: '/api/leaderboard/sex', headers: bearer(token) })).json<LeaderboardEntry[]>().map((e) => [e.photo_id, e.score]);

  it('a vote on one process that moves the Top10 ends the Top10 the other keeps', async () => {
    const { one, two } = cluster;
    const seed = (gender: 'female' | 'male', photo: 'approved' | 'none') => ({ gender, interestedIn: [gender === 'female' ? ('male' as const) : ('female' as const)], birthDate: '1995-01-01', ageMin: 18, ageMax: 99, placeId: null, photo });
    const [a, b] = await insertMembers(one.c.db, [seed('female', 'approved'), seed('female', 'approved')]);
    const [v, w] = await insertMembers(one.c.db, [seed('male', 'none'), seed('male', 'none')]);
    await one.c.db.query("INSERT INTO photo_entries (user_id, category) SELECT unnest($1::uuid[]), 'sex'", [[a, b]]);
    const photos = await one.c.db.query<{ id: string; user_id: string }>('SELECT id, user_id FROM photos WHERE user_id = ANY($1::uuid[])', [[a, b]]);
    const photoOf = (user: string | undefined) => photos.find((p) => p.user_id === user)!.id;
    const viewer = await memberWithProfile(one.app, 'Zuschauer', 'male');

    await one.c.leaderboard.vote(v!, photoOf(a), 'sex');
    await eventually(async () => JSON.stringify(await board(one, viewer.token)) === JSON.stringify([[photoOf(a), 1]]));
    // Kept by one now; two's votes put b first.
    await two.c.leaderboard.vote(v!, photoOf(b), 'sex');
    await two.c.leaderboard.vote(w!, photoOf(b), 'sex');
    await eventually(async () => (await board(one, viewer.token)).length === 2);
    expect(await board(one, viewer.token)).toEqual([[photoOf(b), 2], [photoOf(a), 1]]);
  });
});
