import { randomBytes, randomUUID } from 'node:crypto';
import { genders, type Gender } from '@funkeln/contracts/profiles';
import fc from 'fast-check';
import type { Queryable } from '../src/db/client.js';

export interface SeedMember {
  id?: string;
  gender: Gender;
  interestedIn: Gender[];
  birthDate: string;
  ageMin: number;
  ageMax: number;
  placeId: number | null;
  photo: 'approved' | 'pending' | 'rejected' | 'disabled' | 'none';
  lastActiveDaysAgo?: number;
  name?: string;
}

/** What random populations draw per member (fast-check records): ages as years plus days, towns by index. */
export interface DrawnMember {
  gender: Gender;
  interestedIn: Gender[];
  age: number;
  extraDays: number;
  ageMin: number;
  span: number;
  place: number | null;
  photo: SeedMember['photo'];
  activeDaysAgo: number;
}

/** How random members are drawn: the ranges and choices each property test wants. */
export interface DrawOptions {
  maxAge: number;
  maxAgeMin: number;
  maxSpan: number;
  /** Towns are drawn by index below this (or none). */
  places: number;
  /** Drawn evenly from this list: repeat an entry to weight it. */
  photos: SeedMember['photo'][];
  maxActiveDaysAgo: number;
}

export const genderArb = fc.constantFrom<Gender>(...genders);

/** A random member as the feed's property tests draw them (see toSeed), with these ranges. */
export function drawnMemberArb(o: DrawOptions): fc.Arbitrary<DrawnMember> {
  return fc.record({
    gender: genderArb,
    interestedIn: fc.uniqueArray(genderArb, { minLength: 1, maxLength: 3 }),
    age: fc.integer({ min: 18, max: o.maxAge }),
    extraDays: fc.integer({ min: 0, max: 364 }),
    ageMin: fc.integer({ min: 18, max: o.maxAgeMin }),
    span: fc.integer({ min: 0, max: o.maxSpan }),
    place: fc.option(fc.integer({ min: 0, max: o.places - 1 }), { freq: 5 }),
    photo: fc.constantFrom(...o.photos),
    // Many ties on the active day, so distance and id decide and cursors land inside runs of equals.
    activeDaysAgo: fc.oneof(fc.constantFrom(0, 0, 1), fc.integer({ min: 0, max: o.maxActiveDaysAgo })),
  });
}

/** The Berlin day `years` years and `days` days before `today` ('YYYY-MM-DD'). */
export function daysBefore(today: string, years: number, days: number): string {
  const [y, m, d] = today.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y - years, m - 1, d - days)).toISOString().slice(0, 10);
}

/** A drawn member as insertMembers takes it (towns from `placeIds`, ages counted back from `today`). */
export function toSeed(r: DrawnMember, placeIds: readonly number[], today: string): SeedMember {
  return {
    gender: r.gender,
    interestedIn: r.interestedIn,
    birthDate: daysBefore(today, r.age, r.extraDays),
    ageMin: r.ageMin,
    ageMax: Math.min(99, r.ageMin + r.span),
    placeId: r.place === null ? null : (placeIds[r.place] ?? null),
    photo: r.photo,
    lastActiveDaysAgo: r.activeDaysAgo,
  };
}

/** Inserts members straight into the tables (fast, for large random populations). */
export async function insertMembers(q: Queryable, members: SeedMember[]): Promise<string[]> {
  const ids: string[] = [];
  for (const m of members) {
    const id = m.id ?? randomUUID();
    ids.push(id);
    await q.query(
      `INSERT INTO users (id, email, email_verified, display_name, last_active_at)
       VALUES ($1, $2, true, $3, now() - make_interval(days => $4))`,
      [id, `pop.${randomBytes(6).toString('hex')}@example.org`, m.name ?? 'Mitglied', m.lastActiveDaysAgo ?? 0],
    );
    await q.query(
      `INSERT INTO profiles (user_id, birth_date, gender, interested_in, age_min, age_max, place_id)
       VALUES ($1, $2::date, $3, $4::text[], $5, $6, $7)`,
      [id, m.birthDate, m.gender, m.interestedIn, m.ageMin, m.ageMax, m.placeId],
    );
    if (m.photo !== 'none') {
      const status = m.photo === 'disabled' ? 'approved' : m.photo;
      const key = () => `${randomBytes(16).toString('hex')}.jpg`;
      await q.query(
        `INSERT INTO photos (id, user_id, status, large_key, thumb_key, blur_key, width, height, disabled_at)
         VALUES ($1, $2, $3, $4, $5, $6, 100, 100, $7)`,
        [randomUUID(), id, status, key(), key(), key(), m.photo === 'disabled' ? new Date() : null],
      );
    }
  }
  return ids;
}

/**
 * A relation between a viewer and another member, written straight into the tables: the viewer
 * liked, flirted, skipped 13 or 15 days ago, blocked, was blocked, or the other likes the viewer.
 */
export async function applyRelation(db: Queryable, viewerId: string, otherId: string, relation: string): Promise<void> {
  const q = (sql: string, params: unknown[]) => db.query(sql, params);
  const swipe = (a: string, b: string, kind: string, ago = '0 seconds') =>
    q(`INSERT INTO swipes (id, actor_id, target_id, kind, created_at) VALUES (gen_random_uuid(), $1, $2, $3, now() - $4::interval)`, [a, b, kind, ago]);
  if (relation === 'liked') await swipe(viewerId, otherId, 'like');
  if (relation === 'flirted') await swipe(viewerId, otherId, 'flirt');
  if (relation === 'skippedRecently') await swipe(viewerId, otherId, 'skip', '13 days');
  if (relation === 'skippedLongAgo') await swipe(viewerId, otherId, 'skip', '15 days');
  if (relation === 'likesViewer') await swipe(otherId, viewerId, 'like');
  if (relation === 'blockedByViewer') await q('INSERT INTO blocks (blocker_id, blocked_id) VALUES ($1, $2)', [viewerId, otherId]);
  if (relation === 'blocksViewer') await q('INSERT INTO blocks (blocker_id, blocked_id) VALUES ($1, $2)', [otherId, viewerId]);
}
