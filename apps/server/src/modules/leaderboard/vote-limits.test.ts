import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, type TestApp } from '../../../test/harness.js';
import { insertMembers } from '../../../test/population.js';

// Issue 16: every limit that protects an account holds under N parallel requests (votes: 30 a
// minute, 500 a day, one per photo and month), with the memory limiter and with Redis.
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const adult = { birthDate: '1995-01-01', ageMin: 18, ageMax: 99, placeId: null } as const;

/** n photos entered in 'face'; returns their ids. */
async function photos(n: number): Promise<string[]> {
  const ids = await insertMembers(t.c.db, Array.from({ length: n }, () => ({ ...adult, gender: 'female' as const, interestedIn: ['male' as const], photo: 'approved' as const })));
  await t.c.db.query("INSERT INTO photo_entries (user_id, category) SELECT u, 'face' FROM unnest($1::uuid[]) u", [ids]);
  return (await t.c.db.query<{ id: string }>('SELECT id FROM photos WHERE user_id = ANY($1::uuid[])', [ids])).map((r) => r.id);
}

async function voter(): Promise<{ id: string; token: string }> {
  const [id = ''] = await insertMembers(t.c.db, [{ ...adult, gender: 'male', interestedIn: ['female'], photo: 'none' }]);
  return { id, token: await t.c.sessions.create(t.c.db, id) };
}

const vote = (token: string, photoId: string) => t.app.inject({ method: 'POST', url: '/api/votes', headers: bearer(token), payload: { photoId, category: 'face' } });
const votesBy = async (id: string) => (await t.c.db.query<{ n: number }>('SELECT count(*)::int AS n FROM photo_votes WHERE voter_id = $1', [id]))[0]!.n;

async function codesOf(requests: Promise<{ statusCode: number }>[]): Promise<Record<number, number>> {
  const counts: Record<number, number> = {};
  for (const { statusCode } of await Promise.all(requests)) counts[statusCode] = (counts[statusCode] ?? 0) + 1;
  return counts;
}

describe('vote limits under parallel requests', () => {
  it('45 votes at once: 30 a minute are counted, the rest get 429', async () => {
    const v = await voter();
    const targets = await photos(45);
    expect(await codesOf(targets.map((p) => vote(v.token, p)))).toEqual({ 200: 30, 429: 15 });
    expect(await votesBy(v.id)).toBe(30);
  });

  it('a voter with 480 votes today gets exactly 20 more, however many arrive at once', async () => {
    const v = await voter();
    for (let i = 0; i < 480; i++) await t.c.limiter.increment(`vote:day:${v.id}`, 86_400_000);
    const targets = await photos(25);
    expect(await codesOf(targets.map((p) => vote(v.token, p)))).toEqual({ 200: 20, 429: 5 });
    expect(await votesBy(v.id)).toBe(20);
  });

  it('20 votes at once for one photo count once', async () => {
    const v = await voter();
    const [photo = ''] = await photos(1);
    expect(await codesOf(Array.from({ length: 20 }, () => vote(v.token, photo)))).toEqual({ 200: 1, 409: 19 });
    const scores = await t.c.db.query<{ score: number }>('SELECT score FROM photo_scores WHERE photo_id = $1', [photo]);
    expect(scores).toEqual([{ score: 1 }]);
  });
});
