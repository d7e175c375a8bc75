import { sql } from 'kysely';
import type { Queryable } from '../db/client.js';
import { among, typed } from '../db/kysely.js';
import type { DemoMember } from './demo-plan.js';

/** Advisory lock: one process seeds at a time (migrate uses 7_402_118, places 7_402_119). */
const SEED_LOCK = 7_402_120;

export async function lockSeeding(q: Queryable): Promise<void> {
  await sql`SELECT pg_advisory_xact_lock(${SEED_LOCK})`.execute(typed(q));
}

export async function countMembers(q: Queryable): Promise<{ demo: number; real: number }> {
  const row = await typed(q)
    .selectFrom('users')
    .select((eb) => [eb.fn.countAll<number>().filterWhere('is_demo', '=', true).as('demo'), eb.fn.countAll<number>().filterWhere('is_demo', '=', false).as('real')])
    .executeTakeFirst();
  return { demo: Number(row?.demo ?? 0), real: Number(row?.real ?? 0) };
}

/** The largest German place for each folded name (places.search_name); missing names are absent. */
export async function findGermanPlaces(q: Queryable, searchNames: string[]): Promise<Map<string, number>> {
  const rows = await typed(q)
    .selectFrom('places')
    .distinctOn('search_name')
    .select(['id', 'search_name'])
    .where('country', '=', 'DE')
    .where('search_name', '=', among(sql<string[]>`${searchNames}::text[]`))
    .orderBy('search_name')
    .orderBy('population', 'desc')
    .orderBy('id')
    .execute();
  return new Map(rows.map((r) => [r.search_name, r.id]));
}

export interface DemoRow {
  member: DemoMember;
  memberId: string;
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
  const k = typed(q);
  const m = rows.map((r) => r.member);
  const memberIds = rows.map((r) => r.memberId);
  const created = m.map((x) => x.createdAt);
  await k
    .insertInto('users')
    .columns(['id', 'email', 'email_verified', 'password_hash', 'display_name', 'is_demo', 'created_at', 'updated_at', 'last_active_at'])
    .expression(
      sql`SELECT id, email, true, NULL, name, true, created, created, active
            FROM unnest(${memberIds}::uuid[], ${m.map((x) => x.email)}::text[], ${m.map((x) => x.displayName)}::text[], ${created}::timestamptz[],
                        ${m.map((x) => x.lastActiveAt)}::timestamptz[]) AS t(id, email, name, created, active)`,
    )
    .execute();
  await k
    .insertInto('profiles')
    .columns(['user_id', 'about_me', 'looking_for', 'birth_date', 'gender', 'interested_in', 'age_min', 'age_max', 'place_id', 'updated_at', 'interests'])
    .expression(
      sql`SELECT id, about, looking, birth, gender, string_to_array(wants, ','), amin, amax, place, created, string_to_array(likes, ',')
            FROM unnest(${memberIds}::uuid[], ${m.map((x) => x.aboutMe)}::text[], ${m.map((x) => x.lookingFor)}::text[], ${m.map((x) => x.birthDate)}::date[],
                        ${m.map((x) => x.gender)}::text[], ${m.map((x) => x.interestedIn.join(','))}::text[], ${m.map((x) => x.ageMin)}::smallint[],
                        ${m.map((x) => x.ageMax)}::smallint[], ${m.map((x) => x.placeId)}::int[], ${created}::timestamptz[],
                        ${m.map((x) => x.interests.join(','))}::text[])
              AS t(id, about, looking, birth, gender, wants, amin, amax, place, created, likes)`,
    )
    .execute();
  await k
    .insertInto('photos')
    .columns(['id', 'user_id', 'status', 'large_key', 'thumb_key', 'width', 'height', 'created_at'])
    .expression(
      sql`SELECT id, user_id, 'approved', large_key, thumb_key, width, height, created
            FROM unnest(${rows.map((r) => r.photoId)}::uuid[], ${memberIds}::uuid[], ${rows.map((r) => r.largeKey)}::text[], ${rows.map((r) => r.thumbKey)}::text[],
                        ${rows.map((r) => r.width)}::int[], ${rows.map((r) => r.height)}::int[], ${created}::timestamptz[])
              AS t(id, user_id, large_key, thumb_key, width, height, created)`,
    )
    .execute();
}
