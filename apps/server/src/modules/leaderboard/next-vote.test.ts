import type { PhotoCategory } from '@funkeln/contracts/leaderboard';
import { ageOn, berlinToday } from '@funkeln/contracts/profiles';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/fixture.js';
import { insertMembers } from '../../../test/population.js';
import { LeaderboardService } from './leaderboard.service.js';

// GET /api/votes/next starts at a random pivot in the member-id key space (issue 21). Whatever the
// pivot and whichever of the found candidates is picked, every rule holds, and a member skipping on
// meets every eligible photo exactly once, then null.
const t = useTestApp();
const { api } = t;

const adult = { birthDate: '1995-01-01', ageMin: 18, ageMax: 99, placeId: null } as const;
/** A member id at a chosen place of the key space: slot orders the ids, test keeps them apart. */
const key = (test: number, slot: number) => `${slot.toString(16).padStart(2, '0')}${test.toString(16).padStart(2, '0')}0000-0000-4000-8000-000000000000`;
const justAfter = (id: string) => `${id.slice(0, -1)}1`;
const edges = ['00000000-0000-0000-0000-000000000000', 'ffffffff-ffff-ffff-ffff-ffffffffffff'];
const picks: ((count: number) => number)[] = [() => 0, (count) => count - 1, (count) => Math.floor(count / 2)];

/** Members with these ids, each with one approved photo entered in the category; returns the photo ids. */
async function enter(category: PhotoCategory, ids: string[]): Promise<string[]> {
  await insertMembers(t.c.db, ids.map((id, i) => ({ ...adult, id, gender: 'female' as const, interestedIn: ['male' as const], photo: 'approved' as const, name: `Kandidatin ${i}` })));
  await t.c.db.query('INSERT INTO photo_entries (user_id, category) SELECT unnest($1::uuid[]), $2', [ids, category]);
  const rows = await t.c.db.query<{ id: string; user_id: string }>('SELECT id, user_id FROM photos WHERE user_id = ANY($1::uuid[])', [ids]);
  return ids.map((id) => rows.find((r) => r.user_id === id)!.id);
}

async function voter(id?: string): Promise<string> {
  const [v] = await insertMembers(t.c.db, [{ ...adult, ...(id ? { id } : {}), gender: 'male', interestedIn: ['female'], photo: 'approved', name: 'Wähler' }]);
  return v!;
}

/** The service with the pivot and the pick fixed. */
const drawn = (pivot: string, pick: (count: number) => number) =>
  new LeaderboardService({ db: t.c.db, photos: t.c.photos, events: t.c.events, draw: { pivot: () => pivot, pick } });

/** Asks for the next photo, skipping every one shown so far, until null (or more calls than photos). */
async function walk(service: LeaderboardService, voterId: string, category: PhotoCategory, most: number): Promise<string[]> {
  const shown: string[] = [];
  for (let i = 0; i < most; i++) {
    const candidate = await service.next(voterId, category, shown);
    if (!candidate) break;
    shown.push(candidate.photoId);
  }
  return shown;
}

describe('GET /api/votes/next', () => {
  it('reaches every eligible photo exactly once with a growing skip list, then null, wherever the pivot falls', async () => {
    // 11 entries, more than the candidates read per call: the read stops early and wraps around.
    const owners = Array.from({ length: 11 }, (_, i) => key(1, 0x10 + i * 0x10));
    const photos = await enter('age', owners);
    const v = await voter();
    await t.c.leaderboard.vote(v, photos[4]!, 'age');
    const eligible = photos.filter((_, i) => i !== 4).sort();
    const pivots = [...edges, owners[0]!, owners[4]!, owners[7]!, owners[10]!, justAfter(owners[2]!), justAfter(owners[10]!)];
    for (const pivot of pivots) {
      for (const pick of picks) {
        const service = drawn(pivot, pick);
        const shown = await walk(service, v, 'age', eligible.length + 1);
        expect([...shown].sort(), `pivot ${pivot}`).toEqual(eligible);
        expect(await service.next(v, 'age', shown), `pivot ${pivot}`).toBeNull();
      }
    }
  });

  it('never shows the own photo, a blocked or blocking member, a suspended member or a voted photo, even as the only one after the pivot', async () => {
    const [first, own, blocked, blocking, suspended, chosen, voted] = [0x10, 0x30, 0x50, 0x70, 0x90, 0xb0, 0xd0].map((slot) => key(2, slot));
    const v = await voter(own);
    const [firstPhoto, , , , , votedPhoto] = await enter('sex', [first!, blocked!, blocking!, suspended!, chosen!, voted!]);
    await t.c.db.query("INSERT INTO photo_entries (user_id, category) VALUES ($1, 'sex')", [own]);
    await t.c.db.query('INSERT INTO blocks (blocker_id, blocked_id) VALUES ($1, $2), ($3, $1)', [v, blocked, blocking]);
    await t.c.db.query('UPDATE users SET suspended_at = now() WHERE id = $1', [suspended]);
    await t.c.leaderboard.vote(v, votedPhoto!, 'sex');
    // The entry names the member's second photo: that one competes, never the main photo.
    const [named] = await t.c.db.query<{ id: string }>(
      "INSERT INTO photos (id, user_id, status, large_key, thumb_key, blur_key, width, height, position) VALUES (gen_random_uuid(), $1, 'approved', 'l', 't', 'b', 1, 1, 1) RETURNING id",
      [chosen],
    );
    await t.c.db.query("UPDATE photo_entries SET photo_id = $1 WHERE user_id = $2 AND category = 'sex'", [named!.id, chosen]);
    const eligible = [firstPhoto!, named!.id].sort();

    const pivots = [...edges, own!, blocked!, blocking!, suspended!, voted!, justAfter(chosen!)];
    for (const pivot of pivots) {
      for (const pick of picks) {
        const service = drawn(pivot, pick);
        expect([...(await walk(service, v, 'sex', 3))].sort(), `pivot ${pivot}`).toEqual(eligible);
        // With the two left skipped, only ineligible entries remain on the whole circle.
        expect(await service.next(v, 'sex', eligible), `pivot ${pivot}`).toBeNull();
      }
    }
  });

  it("names each photo's owner with the owner's own age", async () => {
    const [older, younger] = [0x10, 0x20].map((slot) => key(4, slot));
    await insertMembers(t.c.db, [{ ...adult, id: older!, gender: 'female', interestedIn: ['male'], photo: 'approved', name: 'Ältere', birthDate: '1970-03-01' }]);
    await insertMembers(t.c.db, [{ ...adult, id: younger!, gender: 'female', interestedIn: ['male'], photo: 'approved', name: 'Jüngere', birthDate: '2001-11-30' }]);
    await t.c.db.query("INSERT INTO photo_entries (user_id, category) SELECT unnest($1::uuid[]), 'vacation'", [[older, younger]]);
    const v = await voter();
    const seen = [];
    for (const pick of [() => 0, () => 1]) seen.push(await drawn(edges[0]!, pick).next(v, 'vacation', []));
    const today = berlinToday();
    expect(seen.map((c) => c && { name: c.name, age: c.age })).toEqual([
      { name: 'Ältere', age: ageOn('1970-03-01', today) },
      { name: 'Jüngere', age: ageOn('2001-11-30', today) },
    ]);
  });

  it('starts at different photos on different calls (no fixed order a member could learn)', async () => {
    const photos = await enter('face', Array.from({ length: 6 }, (_, i) => key(3, 0x20 + i * 0x20)));
    const token = await t.c.sessions.create(t.c.db, await voter());
    const firsts = new Set<string>();
    for (let i = 0; i < 40; i++) {
      const { candidate } = (await api('GET', '/api/votes/next?category=face', token)).json<{ candidate: { photoId: string } | null }>();
      firsts.add(candidate!.photoId);
    }
    // 40 draws over 6 photos: all the same is about 6 * (1/6)^40 likely for an even draw.
    expect(firsts.size).toBeGreaterThan(1);
    expect(photos).toEqual(expect.arrayContaining([...firsts]));
  });
});
