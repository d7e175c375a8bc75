import { ageOn, berlinToday } from '@funkeln/contracts/profiles';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness.js';
import { applyRelation, drawnMemberArb, insertMembers, toSeed, type SeedMember } from '../../../test/population.js';
import { haversineKm, type LatLon } from '../places/snap.js';
import { FeedDecks } from './feed-decks.js';
import { FeedService } from './feed.service.js';
import { CursorSealer } from '../../platform/crypto/sealed-cursor.js';

let t: TestApp;
let cursors: CursorSealer;
const placeIds: number[] = [];
const coords = new Map<number, LatLon>();


beforeAll(async () => {
  t = await createTestApp();
  cursors = new CursorSealer(t.c.db);
  await t.c.places.ensureLoaded();
  for (const q of ['Berlin', 'Potsdam', 'Hamburg', 'Leipzig', 'Dresden', 'Brandenburg an der Havel', 'Cottbus', 'Frankfurt (Oder)']) {
    const [p] = await t.c.places.search(q);
    if (!p) throw new Error(`no place ${q}`);
    placeIds.push(p.id);
    coords.set(p.id, (await t.c.places.coordinates(p.id)) as LatLon);
  }
}, 60_000);

const radiusArb = fc.option(
  fc.record({ nearEdge: fc.boolean(), pick: fc.nat(10_000), delta: fc.integer({ min: -1, max: 1 }), free: fc.integer({ min: 1, max: 500 }) }),
  { freq: 2 },
);
/** Half the radii sit within a kilometre of the distance from the viewer to one of the places. */
function resolveRadius(r: { nearEdge: boolean; pick: number; delta: number; free: number } | null, viewerPlace: number | null): number | null {
  if (!r) return null;
  const from = viewerPlace === null ? undefined : coords.get(viewerPlace);
  const to = coords.get(placeIds[r.pick % placeIds.length] ?? 0);
  if (!r.nearEdge || !from || !to) return r.free;
  return Math.min(500, Math.max(1, Math.round(haversineKm(from, to)) + r.delta));
}
afterAll(() => t.close());

const today = berlinToday();

const member = fc
  .tuple(
    drawnMemberArb({ maxAge: 70, maxAgeMin: 60, maxSpan: 40, places: 8, photos: ['approved', 'approved', 'approved', 'pending', 'rejected', 'disabled', 'none'], maxActiveDaysAgo: 30 }),
    fc.record({
      relation: fc.constantFrom('none', 'none', 'none', 'liked', 'flirted', 'skippedRecently', 'skippedLongAgo', 'blockedByViewer', 'blocksViewer', 'likesViewer'),
      compatible: fc.boolean(),
    }),
  )
  .map(([drawn, more]) => ({ ...drawn, ...more }))
  .map((r) => ({
    compatible: r.compatible,
    seed: toSeed(r, placeIds, today),
    relation: r.relation,
  }));

const viewerArb = member.map((m) => ({ ...m.seed, photo: 'approved' as const, placeId: m.seed.placeId ?? placeIds[0] ?? null }));

/**
 * Half the population is made a mutual fit for the viewer (gender, ages, photo), so the rules
 * that remain (relations, radius) are exercised on members who would otherwise be shown.
 */
function fitTo(viewer: SeedMember, m: SeedMember): SeedMember {
  const [y, mo, d] = today.split('-').map(Number) as [number, number, number];
  const age = viewer.ageMin + Math.floor((viewer.ageMax - viewer.ageMin) / 2);
  const birthDate = new Date(Date.UTC(y - age, mo - 1, d - 100)).toISOString().slice(0, 10);
  return {
    ...m,
    gender: viewer.interestedIn[0] ?? 'female',
    interestedIn: [...new Set([viewer.gender, ...m.interestedIn])],
    birthDate,
    ageMin: 18,
    ageMax: 99,
    photo: 'approved',
  };
}

/** The rules written out plainly: what the feed must return for this population. */
function expected(viewer: SeedMember & { id: string }, pop: { id: string; seed: SeedMember; relation: string }[], radius: number | null): Set<string> {
  const vAge = ageOn(viewer.birthDate, today);
  const origin = viewer.placeId ? coords.get(viewer.placeId) : undefined;
  return new Set(
    pop
      .filter(({ seed: m, relation }) => {
        const age = ageOn(m.birthDate, today);
        if (!viewer.interestedIn.includes(m.gender) || !m.interestedIn.includes(viewer.gender)) return false;
        if (age < viewer.ageMin || age > viewer.ageMax || vAge < m.ageMin || vAge > m.ageMax) return false;
        if (m.photo !== 'approved') return false;
        if (['liked', 'flirted', 'skippedRecently', 'blockedByViewer', 'blocksViewer'].includes(relation)) return false;
        if (radius !== null) {
          const at = m.placeId ? coords.get(m.placeId) : undefined;
          if (!at || !origin || Math.round(haversineKm(origin, at) * 1000) > radius * 1000) return false;
        }
        return true;
      })
      .map((p) => p.id),
  );
}

/** Members written straight into the tables are announced as the services announce theirs (the feed index keeps members by these events). */
function announce(memberIds: string[]): void {
  t.c.events.publish('users.changed', { userIds: memberIds });
}

/**
 * Walks every page. `between` runs after the first page (e.g. a block): later pages must reflect it.
 */
async function wholeFeed(feed: FeedService, viewerId: string, radius: number | null, between?: (seen: string[]) => Promise<void>): Promise<string[]> {
  const ids: string[] = [];
  let cursor: string | undefined;
  for (let page = 0; page < 20; page++) {
    const { cards, next } = await feed.page(viewerId, false, { radius: radius === null ? '' : String(radius), cursor, limit: 7 });
    ids.push(...cards.map((c) => c.id));
    if (page === 0) await between?.(ids);
    if (!next) return ids;
    cursor = next;
  }
  throw new Error('feed did not end');
}

/** The feed three ways: as the app runs (decks of 100, a first page read alone and the deck filled behind it), ranked in the database on every page, and with decks of 3 rows so pages run past them. */
const feeds = () => ({
  app: t.c.feed,
  database: new FeedService({ db: t.c.db, photos: t.c.photos, decks: undefined, cursors, metrics: t.c.metrics }),
  tinyDecks: new FeedService({ db: t.c.db, photos: t.c.photos, decks: new FeedDecks({ events: t.c.events, enabled: () => true, size: 3 }), cursors, metrics: t.c.metrics }),
});

/** The more recently active first (the seed's days ago), whether or not they like the viewer; distance and id order the rest. */
function expectRanked(got: string[], pop: { id: string; seed: SeedMember; relation: string }[]): void {
  const daysAgo = new Map(pop.map((p) => [p.id, p.seed.lastActiveDaysAgo]));
  for (let i = 1; i < got.length; i++) {
    expect(daysAgo.get(got[i - 1] ?? '') ?? 0).toBeLessThanOrEqual(daysAgo.get(got[i] ?? '') ?? 0);
  }
}

describe('feed over random populations (fast-check)', () => {
  it('returns exactly the members the rules allow: never self, blocked, acted on, mismatched or out of radius', async () => {
    await fc.assert(
      fc.asyncProperty(
        viewerArb,
        fc.array(member, { minLength: 1, maxLength: 18 }),
        radiusArb,
        async (viewerSeed, population, radiusChoice) => {
          const radius = resolveRadius(radiusChoice, viewerSeed.placeId);
          const [viewerId] = await insertMembers(t.c.db, [viewerSeed]);
          const seeds = population.map((p) => (p.compatible ? fitTo(viewerSeed, p.seed) : p.seed));
          const ids = await insertMembers(t.c.db, seeds);
          announce([viewerId ?? '', ...ids]);
          const pop = population.map((p, i) => ({ ...p, seed: seeds[i] as SeedMember, id: ids[i] ?? '' }));
          try {
            for (const p of pop) await applyRelation(t.c.db, viewerId ?? '', p.id, p.relation);
            const want = expected({ ...viewerSeed, id: viewerId ?? '' }, pop, radius);
            for (const [how, feed] of Object.entries(feeds())) {
              const got = await wholeFeed(feed, viewerId ?? '', radius);
              expect(new Set(got).size, how).toBe(got.length); // no card twice across pages
              expect(got, how).not.toContain(viewerId);
              expect(new Set(got), how).toEqual(want);
              expectRanked(got, pop);
            }
          } finally {
            await t.c.db.query('DELETE FROM users WHERE id = ANY($1::uuid[])', [[viewerId, ...ids]]);
            announce([viewerId ?? '', ...ids]);
          }
        },
      ),
      { numRuns: 60 },
    );
  }, 240_000);

  it('hides a member blocked while the viewer pages through, without losing anyone else', async () => {
    await fc.assert(
      fc.asyncProperty(viewerArb, fc.array(member, { minLength: 8, maxLength: 18 }), fc.nat(), async (viewerSeed, population, pick) => {
        const [viewerId = ''] = await insertMembers(t.c.db, [viewerSeed]);
        const ids = await insertMembers(t.c.db, population.map((p) => fitTo(viewerSeed, p.seed)));
        announce([viewerId, ...ids]);
        try {
          for (const [how, feed] of Object.entries(feeds())) {
            let blocked: string | undefined;
            const got = await wholeFeed(feed, viewerId, null, async (seen) => {
              const later = (await wholeFeed(new FeedService({ db: t.c.db, photos: t.c.photos, decks: undefined, cursors, metrics: t.c.metrics }), viewerId, null)).filter(
                (id) => !seen.includes(id),
              );
              blocked = later[pick % Math.max(1, later.length)];
              if (blocked) await t.c.blocks.block(viewerId, blocked);
            });
            const all = await wholeFeed(new FeedService({ db: t.c.db, photos: t.c.photos, decks: undefined, cursors, metrics: t.c.metrics }), viewerId, null);
            if (blocked) {
              expect(got, how).not.toContain(blocked);
              await t.c.blocks.unblock(viewerId, blocked);
            }
            expect(new Set(got).size, how).toBe(got.length);
            expect(new Set(got), how).toEqual(new Set(all.filter((id) => id !== blocked)));
          }
        } finally {
          await t.c.db.query('DELETE FROM users WHERE id = ANY($1::uuid[])', [[viewerId, ...ids]]);
          announce([viewerId, ...ids]);
        }
      }),
      { numRuns: 15 },
    );
  }, 240_000);

  it('ranked the app\'s feed in memory on the embedded database (the feed index), so the properties above held for it', async () => {
    const { values } = await t.c.metrics.feedRankings.get();
    const memory = values.filter((v) => v.labels.source === 'memory').reduce((sum, v) => sum + v.value, 0);
    if (t.c.db.kind === 'pglite') expect(memory).toBeGreaterThan(50);
    else expect(memory).toBe(0);
  });
});
