import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compareRank } from './feed-decks.js';
import type { IndexRow } from './feed-index.repo.js';
import { rank } from './feed-rank.js';
import type { FeedFilter } from './feed.repo.js';

const DAY = 20_000;
const VIEWER = '00000000-0000-4000-8000-000000000000';

/** Members who all pass the filter below: only their day, town and id differ, so the ranking's order and the page's cut decide. */
const memberArb = fc.record({
  id: fc.uuid(),
  day: fc.integer({ min: 0, max: 3 }),
  // Few towns: many members share a distance, so the id decides between them.
  town: fc.integer({ min: 0, max: 5 }),
});

function toRow(m: { id: string; day: number; town: number }): IndexRow {
  return {
    id: m.id,
    name: 'Anna',
    city: null,
    gender: 'female',
    interestedIn: ['male'],
    birth_date: '1990-05-05',
    ageMin: 18,
    ageMax: 99,
    withdrawn: false,
    suspended: false,
    lat: 52 + m.town / 10,
    lon: 13,
    activeDay: DAY - m.day,
    photoIds: [`p-${m.id}`],
    allInterests: [],
    aboutStart: '',
    verified: false,
    badgeRows: [],
  };
}

function filter(limit: number): FeedFilter {
  return {
    viewerId: VIEWER,
    viewerGender: 'male',
    interestedIn: ['female'],
    viewerAge: 35,
    minBirth: '1950-01-01',
    maxBirth: '2005-01-01',
    origin: { lat: 52, lon: 13 },
    radiusKm: null,
    onlyVerified: false,
    after: null,
    limit,
    aboutChars: 161,
  };
}

/** The members by day, most recent first, each day in the given (arbitrary) order, as the index hands them to rank. */
function days(rows: IndexRow[]): [number, IndexRow[]][] {
  const byDay = new Map<number, IndexRow[]>();
  for (const r of rows) byDay.set(r.activeDay, [...(byDay.get(r.activeDay) ?? []), r]);
  return [...byDay].sort(([a], [b]) => b - a);
}

describe('rank', () => {
  it('keeps exactly the first `limit` of the whole ranking, in rank order, whatever order the members come in', () => {
    const none = { hidden: new Set<string>(), skippedAt: new Map<string, number>(), at: 0 };
    fc.assert(
      fc.property(fc.uniqueArray(memberArb, { selector: (m) => m.id, maxLength: 60 }), fc.integer({ min: 1, max: 25 }), (members, limit) => {
        const rows = members.map(toRow);
        const all = rank(days(rows), filter(Number.MAX_SAFE_INTEGER), none, Date.now());
        // The whole ranking is every member, sorted as the deck and the database sort.
        expect(all.map((r) => r.id)).toEqual(
          [...all]
            .sort(compareRank)
            .map((r) => r.id),
        );
        expect(all).toHaveLength(rows.length);
        expect(rank(days(rows), filter(limit), none, Date.now())).toEqual(all.slice(0, limit));
      }),
      { numRuns: 500 },
    );
  });
});
