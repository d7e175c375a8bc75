import { randomUUID } from 'node:crypto';
import { ABOUT_PREVIEW } from '@funkeln/contracts/feed';
import { berlinToday } from '@funkeln/contracts/profiles';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness.js';
import { applyRelation, daysBefore, drawnMemberArb, genderArb, insertMembers, toSeed } from '../../../test/population.js';
import type { LatLon } from '../places/snap.js';
import { FeedIndex } from './feed-index.js';
import { distM } from './feed-rank.js';
import { findCardColumns, findFeedPage, type FeedFilter } from './feed.repo.js';

let t: TestApp;
let index: FeedIndex;
const placeIds: number[] = [];
const coords = new Map<number, LatLon>();
const ABOUT = ABOUT_PREVIEW + 1;

beforeAll(async () => {
  t = await createTestApp();
  await t.c.places.ensureLoaded();
  for (const q of ['Berlin', 'Potsdam', 'Hamburg', 'Leipzig', 'Dresden', 'Cottbus']) {
    const [p] = await t.c.places.search(q);
    if (!p) throw new Error(`no place ${q}`);
    placeIds.push(p.id);
    coords.set(p.id, (await t.c.places.coordinates(p.id)) as LatLon);
  }
  index = new FeedIndex({ db: t.c.db, events: t.c.events, aboutChars: ABOUT });
  index.start();
  await waitReady(index);
}, 60_000);

afterAll(async () => {
  await index.stop();
  await t.close();
});

async function waitReady(i: FeedIndex): Promise<void> {
  for (let n = 0; n < 200 && !i.ready; n++) await new Promise((r) => setTimeout(r, 10));
  if (!i.ready) throw new Error('feed index did not load');
}

const today = berlinToday();
const daysAgo = (years: number, days: number) => daysBefore(today, years, days);
const gender = genderArb;

/** Members with everything the ranking and the cards read, most of them a fit for most viewers. */
const memberArb = fc
  .tuple(
    drawnMemberArb({ maxAge: 60, maxAgeMin: 40, maxSpan: 60, places: 6, photos: ['approved', 'approved', 'approved', 'approved', 'approved', 'pending', 'disabled', 'none'], maxActiveDaysAgo: 40 }),
    fc.record({
      secondPhoto: fc.boolean(),
      suspended: fc.constantFrom(false, false, false, false, false, true),
      withdrawn: fc.constantFrom(false, false, false, false, false, true),
      verified: fc.boolean(),
      badges: fc.subarray(['email_verified', 'photo_approved', 'first_match'] as const),
      about: fc.constantFrom('', 'Kurz.', 'Ich wandere gern und koche für Freunde, am liebsten italienisch. '.repeat(4), 'ÄÖÜ ß 😀 '.repeat(30)),
      interests: fc.subarray(['hiking', 'cooking', 'music', 'travel', 'reading'] as const),
      relation: fc.constantFrom('none', 'none', 'none', 'none', 'none', 'none', 'liked', 'flirted', 'skippedRecently', 'skippedLongAgo', 'blockedByViewer', 'blocksViewer', 'likesViewer'),
      fits: fc.constantFrom(true, true, true, false),
    }),
  )
  .map(([drawn, more]) => ({ ...drawn, ...more }));
type MemberSpec = typeof memberArb extends fc.Arbitrary<infer T> ? T : never;

/** Most members fit the filter on gender and age, so the other rules decide (and the feeds are not empty). */
function fitTo(f: FilterSpec, m: MemberSpec): MemberSpec {
  if (!m.fits) return m;
  const age = f.youngest + ((m.age + m.extraDays) % (f.span + 1));
  return { ...m, gender: f.interestedIn[m.age % f.interestedIn.length] ?? m.gender, interestedIn: [...new Set([f.viewerGender, ...m.interestedIn])], age, ageMin: 18, span: 81 };
}

async function insertSpec(specs: MemberSpec[]): Promise<string[]> {
  const seeds = specs.map((m) => toSeed(m, placeIds, today));
  const ids = await insertMembers(t.c.db, seeds);
  const q = (text: string, params: unknown[]) => t.c.db.query(text, params);
  for (const [i, m] of specs.entries()) {
    const id = ids[i] ?? '';
    await q(`UPDATE profiles SET about_me = $2, interests = $3::text[], orientation_consent = CASE WHEN $4 THEN 'withdrawn' ELSE orientation_consent END
             WHERE user_id = $1`, [id, m.about, m.interests, m.withdrawn]);
    if (m.suspended) await q('UPDATE users SET suspended_at = now() WHERE id = $1', [id]);
    if (m.secondPhoto && m.photo === 'approved') {
      await q(`INSERT INTO photos (id, user_id, status, large_key, thumb_key, blur_key, width, height, position)
               VALUES ($1, $2, 'approved', $3, $4, $5, 100, 100, 5)`, [randomUUID(), id, `${randomUUID()}.jpg`, `${randomUUID()}.jpg`, `${randomUUID()}.jpg`]);
    }
    for (const kind of m.badges) await q('INSERT INTO badges (user_id, kind) VALUES ($1, $2) ON CONFLICT DO NOTHING', [id, kind]);
    if (m.verified) {
      const attempt = randomUUID();
      await q(`INSERT INTO verification_attempts (id, user_id, instruction, status, expires_at) VALUES ($1, $2, 'tilt', 'verified', now() + interval '1 hour')`, [attempt, id]);
      await q('INSERT INTO photo_verifications (user_id, attempt_id) VALUES ($1, $2)', [id, attempt]);
    }
  }
  return ids;
}

/** Any filter at all: the index must answer what the query answers, whatever the values. */
const filterArb = fc.record({
  viewerGender: gender,
  interestedIn: fc.uniqueArray(gender, { minLength: 1, maxLength: 3 }),
  viewerAge: fc.integer({ min: 18, max: 70 }),
  youngest: fc.integer({ min: 18, max: 40 }),
  span: fc.integer({ min: 0, max: 40 }),
  origin: fc.option(fc.integer({ min: 0, max: 5 }), { freq: 4 }),
  radiusKm: fc.option(fc.constantFrom(1, 20, 30, 150, 250, 500), { freq: 2 }),
  onlyVerified: fc.boolean(),
  limit: fc.integer({ min: 1, max: 9 }),
});

type FilterSpec = typeof filterArb extends fc.Arbitrary<infer T> ? T : never;

function toFilter(viewerId: string, f: FilterSpec): FeedFilter {
  const origin = f.origin === null ? null : (coords.get(placeIds[f.origin] ?? 0) ?? null);
  return {
    viewerId,
    viewerGender: f.viewerGender,
    interestedIn: f.interestedIn,
    viewerAge: f.viewerAge,
    minBirth: daysAgo(f.youngest + f.span + 1, -1),
    maxBirth: daysAgo(f.youngest, 0),
    origin,
    radiusKm: origin ? f.radiusKm : null,
    onlyVerified: f.onlyVerified,
    after: null,
    limit: f.limit,
    aboutChars: ABOUT,
  };
}

/** Every page of the feed both ways, each page from the same cursor; they must be equal row for row. */
async function expectSameFeed(filter: FeedFilter): Promise<number> {
  let after = filter.after;
  let rows = 0;
  for (let page = 0; page < 40; page++) {
    const f = { ...filter, after };
    const ranked = await findFeedPage(t.c.db, f);
    // The index has each row's card columns at hand; the database reads them for a page's rows afterwards.
    const columns = await findCardColumns(t.c.db, ranked.map((r) => r.id), f.aboutChars);
    const fromDb = ranked.map((r) => ({ ...r, ...columns.get(r.id) }));
    const fromIndex = await index.page(f);
    expect(fromIndex).toEqual(fromDb);
    rows += fromDb.length;
    const last = fromDb.at(-1);
    if (!last || fromDb.length < f.limit) return rows;
    after = { activeDay: last.activeDay, distM: last.distM, id: last.id };
  }
  throw new Error('feed did not end');
}

describe('the feed index', () => {
  it('ranks exactly as the feed query over random populations, page by page, and follows the changes it is told of', async () => {
    let compared = 0;
    await fc.assert(
      fc.asyncProperty(memberArb, fc.array(memberArb, { minLength: 1, maxLength: 16 }), filterArb, async (viewerSpec, drawn, filter) => {
        const population = drawn.map((m) => fitTo(filter, m));
        // The same population through the filter, without its radius and with the other verified choice.
        const filters = [filter, { ...filter, radiusKm: null }, { ...filter, onlyVerified: !filter.onlyVerified }];
        const [viewerId = ''] = await insertSpec([viewerSpec]);
        const ids = await insertSpec(population);
        // What the services announce on commit: new and changed members.
        t.c.events.publish('users.changed', { userIds: [viewerId, ...ids] });
        try {
          for (const [i, id] of ids.entries()) await applyRelation(t.c.db, viewerId, id, population[i]?.relation ?? 'none');
          for (const f of filters) compared += await expectSameFeed(toFilter(viewerId, f));
          // A change after the index read the members: the announced change shows on the next page.
          const changedId = ids[0] ?? '';
          await t.c.db.query(`UPDATE users SET last_active_at = now() + interval '1 day' WHERE id = $1`, [changedId]);
          await t.c.db.query(`UPDATE photos SET disabled_at = CASE WHEN disabled_at IS NULL THEN now() END WHERE user_id = $1`, [ids[1] ?? changedId]);
          // A member who changes gender moves to another of the index's gender buckets.
          const regendered = ids[2] ?? changedId;
          await t.c.db.query(
            `UPDATE profiles SET gender = CASE gender WHEN 'female' THEN 'male' WHEN 'male' THEN 'diverse' ELSE 'female' END WHERE user_id = $1`,
            [regendered],
          );
          t.c.events.emit('members.active', { memberIds: [changedId] });
          t.c.events.publish('users.changed', { userIds: [ids[1] ?? changedId, regendered] });
          for (const f of filters) compared += await expectSameFeed(toFilter(viewerId, f));
        } finally {
          await t.c.db.query('DELETE FROM users WHERE id = ANY($1::uuid[])', [[viewerId, ...ids]]);
          t.c.events.publish('users.changed', { userIds: [viewerId, ...ids] });
        }
      }),
      { numRuns: 60 },
    );
    // The property compared real rows, not only empty feeds.
    expect(compared).toBeGreaterThan(150);
  }, 240_000);

  it('hides a member at once when the viewer swipes or blocks, and shows them again after an undo', async () => {
    const [viewerId = '', a = '', b = ''] = await insertMembers(t.c.db, [
      { gender: 'male', interestedIn: ['female'], birthDate: daysAgo(30, 0), ageMin: 18, ageMax: 99, placeId: placeIds[0] ?? null, photo: 'approved' },
      { gender: 'female', interestedIn: ['male'], birthDate: daysAgo(29, 0), ageMin: 18, ageMax: 99, placeId: placeIds[0] ?? null, photo: 'approved' },
      { gender: 'female', interestedIn: ['male'], birthDate: daysAgo(28, 0), ageMin: 18, ageMax: 99, placeId: placeIds[1] ?? null, photo: 'approved' },
    ]);
    t.c.events.publish('users.changed', { userIds: [viewerId, a, b] });
    const filter: FeedFilter = { ...toFilter(viewerId, { viewerGender: 'male', interestedIn: ['female'], viewerAge: 30, youngest: 20, span: 20, origin: 0, radiusKm: null, onlyVerified: false, limit: 5 }) };
    const ids = async () => (await index.page(filter))?.map((r) => r.id);
    try {
      expect(await ids()).toEqual([a, b]);
      // The swipe's event arrives with its commit; the exclusions read before it must not show a again.
      await t.c.db.query(`INSERT INTO swipes (id, actor_id, target_id, kind) VALUES (gen_random_uuid(), $1, $2, 'like')`, [viewerId, a]);
      t.c.events.publish('feed.hidden', { pairs: [[viewerId, a]] });
      expect(await ids()).toEqual([b]);
      await t.c.db.query('INSERT INTO blocks (blocker_id, blocked_id) VALUES ($1, $2)', [b, viewerId]);
      t.c.events.publish('feed.hidden', { pairs: [[viewerId, b], [b, viewerId]] });
      expect(await ids()).toEqual([]);
      await t.c.db.query('DELETE FROM swipes WHERE actor_id = $1', [viewerId]);
      t.c.events.publish('feed.stale', { userIds: [viewerId] });
      expect(await ids()).toEqual([a]);
      // Without an event the index keeps what it read: the contract is that every writer announces.
      await t.c.db.query('DELETE FROM blocks WHERE blocker_id = $1', [b]);
      expect(await ids()).toEqual([a]);
    } finally {
      await t.c.db.query('DELETE FROM users WHERE id = ANY($1::uuid[])', [[viewerId, a, b]]);
      t.c.events.publish('users.changed', { userIds: [viewerId, a, b] });
    }
  });
});

describe('many viewers at once', () => {
  it("reads the exclusions of viewers opening their feed at the same moment in few statements, each viewer's own", async () => {
    const N = 12;
    const place = placeIds[0] ?? null;
    const woman = (k: number) => ({ gender: 'female' as const, interestedIn: ['male' as const], birthDate: daysAgo(25, k), ageMin: 18, ageMax: 99, placeId: place, photo: 'approved' as const });
    const man = (k: number) => ({ gender: 'male' as const, interestedIn: ['female' as const], birthDate: daysAgo(30, k), ageMin: 18, ageMax: 99, placeId: place, photo: 'approved' as const });
    const women = await insertMembers(t.c.db, Array.from({ length: N }, (_, k) => woman(k)));
    const men = await insertMembers(t.c.db, Array.from({ length: N }, (_, k) => man(k)));
    // Man k liked woman k; woman 0 blocked man 1 as well.
    for (const [k, viewer] of men.entries()) {
      await t.c.db.query(`INSERT INTO swipes (id, actor_id, target_id, kind) VALUES (gen_random_uuid(), $1, $2, 'like')`, [viewer, women[k]]);
    }
    await t.c.db.query('INSERT INTO blocks (blocker_id, blocked_id) VALUES ($1, $2)', [women[0], men[1]]);
    t.c.events.publish('users.changed', { userIds: [...women, ...men] });
    const filterOf = (viewerId: string): FeedFilter =>
      toFilter(viewerId, { viewerGender: 'male', interestedIn: ['female'], viewerAge: 30, youngest: 18, span: 40, origin: 0, radiusKm: null, onlyVerified: false, limit: 100 });
    const reads: string[] = [];
    const query = t.c.db.query.bind(t.c.db);
    Object.assign(t.c.db, { query: (text: string, params?: unknown[]) => (text.includes('FROM swipes s WHERE s.actor_id = ANY') && reads.push(text), query(text, params)) });
    try {
      const pages = await Promise.all(men.map((viewer) => index.page(filterOf(viewer))));
      for (const [k, page] of pages.entries()) {
        const shown = new Set(page?.map((r) => r.id));
        const expected = women.filter((w, j) => j !== k && !(k === 1 && j === 0));
        expect(expected.every((w) => shown.has(w)), `man ${k} sees the women he did not like`).toBe(true);
        expect(shown.has(women[k]!), `man ${k} does not see the woman he liked`).toBe(false);
      }
      expect(pages[1]?.some((r) => r.id === women[0])).toBe(false);
      // One read per free slot (PGlite 1, PostgreSQL 4), then the rest together: not one per viewer.
      expect(reads.length).toBeLessThanOrEqual(5);
    } finally {
      Object.assign(t.c.db, { query });
      await t.c.db.query('DELETE FROM users WHERE id = ANY($1::uuid[])', [[...women, ...men]]);
      t.c.events.publish('users.changed', { userIds: [...women, ...men] });
    }
  });
});

describe('distM', () => {
  it('rounds half to even, as PostgreSQL rounds a double', async () => {
    const rows = await t.c.db.query<{ d: number }>(
      `SELECT round(1000 * 2 * 6371.0088 * asin(least(1, sqrt(sin(radians($3::float8 - $1::float8) / 2) ^ 2 +
              cos(radians($1::float8)) * cos(radians($3::float8)) * sin(radians($4::float8 - $2::float8) / 2) ^ 2))))::int AS d`,
      [52.52, 13.405, 48.137, 11.575],
    );
    expect(distM({ lat: 52.52, lon: 13.405 }, 48.137, 11.575)).toBe(rows[0]?.d);
    expect(distM({ lat: 0, lon: 0 }, 0, 0)).toBe(0);
  });
});
