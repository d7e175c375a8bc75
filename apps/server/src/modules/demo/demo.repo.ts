import type { Queryable } from '../../db/client.js';
import type { DemoMember } from './demo-plan.js';

/** Advisory lock: one process seeds at a time (migrate uses 7_402_118, places 7_402_119). */
const SEED_LOCK = 7_402_120;

export async function lockSeeding(q: Queryable): Promise<void> {
  await q.query('SELECT pg_advisory_xact_lock($1)', [SEED_LOCK]);
}

export async function countUsers(q: Queryable): Promise<{ demo: number; real: number }> {
  const rows = await q.query<{ demo: number; real: number }>(
    'SELECT count(*) FILTER (WHERE is_demo) AS demo, count(*) FILTER (WHERE NOT is_demo) AS real FROM users',
  );
  return { demo: Number(rows[0]?.demo ?? 0), real: Number(rows[0]?.real ?? 0) };
}

/** The largest German place for each folded name (places.search_name); missing names are absent. */
export async function findGermanPlaces(q: Queryable, searchNames: string[]): Promise<Map<string, number>> {
  const rows = await q.query<{ id: number; search_name: string }>(
    `SELECT DISTINCT ON (search_name) id, search_name FROM places
      WHERE country = 'DE' AND search_name = ANY($1::text[])
      ORDER BY search_name, population DESC, id`,
    [searchNames],
  );
  return new Map(rows.map((r) => [r.search_name, r.id]));
}

export interface DemoRow {
  member: DemoMember;
  userId: string;
  photoId: string;
  largeKey: string;
  thumbKey: string;
  width: number;
  height: number;
}

/**
 * Users (is_demo, verified, no password: they cannot sign in), profiles and approved photos,
 * one statement per table with the rows as parameter arrays.
 */
export async function insertDemoMembers(q: Queryable, rows: DemoRow[]): Promise<void> {
  const m = rows.map((r) => r.member);
  await q.query(
    `INSERT INTO users (id, email, email_verified, password_hash, display_name, is_demo, created_at, updated_at, last_active_at)
     SELECT id, email, true, NULL, name, true, created, created, active
       FROM unnest($1::uuid[], $2::text[], $3::text[], $4::timestamptz[], $5::timestamptz[]) AS t(id, email, name, created, active)`,
    [rows.map((r) => r.userId), m.map((x) => x.email), m.map((x) => x.displayName), m.map((x) => x.createdAt), m.map((x) => x.lastActiveAt)],
  );
  await q.query(
    `INSERT INTO profiles (user_id, about_me, looking_for, birth_date, gender, interested_in, age_min, age_max, place_id, updated_at)
     SELECT id, about, looking, birth, gender, string_to_array(wants, ','), amin, amax, place, created
       FROM unnest($1::uuid[], $2::text[], $3::text[], $4::date[], $5::text[], $6::text[], $7::smallint[], $8::smallint[], $9::int[], $10::timestamptz[])
         AS t(id, about, looking, birth, gender, wants, amin, amax, place, created)`,
    [
      rows.map((r) => r.userId),
      m.map((x) => x.aboutMe),
      m.map((x) => x.lookingFor),
      m.map((x) => x.birthDate),
      m.map((x) => x.gender),
      m.map((x) => x.interestedIn.join(',')),
      m.map((x) => x.ageMin),
      m.map((x) => x.ageMax),
      m.map((x) => x.placeId),
      m.map((x) => x.createdAt),
    ],
  );
  await q.query(
    `INSERT INTO photos (id, user_id, status, large_key, thumb_key, width, height, created_at)
     SELECT id, user_id, 'approved', large_key, thumb_key, width, height, created
       FROM unnest($1::uuid[], $2::uuid[], $3::text[], $4::text[], $5::int[], $6::int[], $7::timestamptz[])
         AS t(id, user_id, large_key, thumb_key, width, height, created)`,
    [
      rows.map((r) => r.photoId),
      rows.map((r) => r.userId),
      rows.map((r) => r.largeKey),
      rows.map((r) => r.thumbKey),
      rows.map((r) => r.width),
      rows.map((r) => r.height),
      m.map((x) => x.createdAt),
    ],
  );
}
