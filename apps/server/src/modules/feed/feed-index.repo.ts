import type { Gender } from '@funkeln/contracts/profiles';
import { sql } from 'kysely';
import type { Queryable } from '../../db/client.js';
import { typed } from '../../db/kysely.js';
import { type CardColumns, cardColumnsOf, type FeedRow } from './feed.repo.js';

/**
 * A member as the feed index keeps them: what the ranking checks (feedQuery's inner query and its
 * joins) and what the card shows. Members without a profile row are not in the index.
 */
export interface IndexRow extends Omit<FeedRow, 'activeDay' | 'distM' | 'birth_date' | 'photo_id'>, Omit<CardColumns, 'photoIds'> {
  /** As text (FeedRow); null while the profile is incomplete. */
  birth_date: string | null;
  gender: Gender | null;
  interestedIn: Gender[];
  ageMin: number;
  ageMax: number;
  withdrawn: boolean;
  lat: number | null;
  lon: number | null;
  activeDay: number;
  suspended: boolean;
  /** Approved, enabled photos in the member's order; the first is the main photo (FeedRow.photo_id). */
  photoIds: string[];
}

/**
 * The index's rows: the given members, or the next `limit` by id after `after` (the index loads
 * every member with a profile in such chunks). The ranking's fields as feedQuery spells them (birth
 * date as text) and the card's columns from the same fragment as findCardColumns (cardColumnsOf), so
 * a row built from it equals the database's row.
 */
export async function findIndexRows(q: Queryable, which: { ids: readonly string[] } | { after: string; limit: number }, aboutChars: number): Promise<IndexRow[]> {
  const where =
    'ids' in which
      ? sql`WHERE p.user_id = ANY(${[...which.ids]}::uuid[])`
      : sql`WHERE p.user_id > ${which.after}::uuid ORDER BY p.user_id LIMIT ${sql.lit(Math.trunc(which.limit))}`;
  const result = await sql<IndexRow>`SELECT p.user_id AS id, p.gender, p.interested_in AS "interestedIn",
         to_char(p.birth_date, 'YYYY-MM-DD') AS birth_date, p.age_min AS "ageMin", p.age_max AS "ageMax",
         p.orientation_consent IS NOT DISTINCT FROM 'withdrawn' AS withdrawn, p.place_lat AS lat, p.place_lon AS lon,
         p.active_day AS "activeDay", u.display_name AS name, pl.name AS city, u.suspended_at IS NOT NULL AS suspended,
         ${cardColumnsOf(aboutChars)}
    FROM profiles p
    JOIN users u ON u.id = p.user_id
    LEFT JOIN places pl ON pl.id = p.place_id
   ${where}`.execute(typed(q));
  // Written out key by key: every row then has one shape (the ranking reads 10,000s of them per page), not the driver's.
  return result.rows.map((r) => ({
    id: r.id,
    gender: r.gender,
    interestedIn: r.interestedIn,
    birth_date: r.birth_date,
    ageMin: r.ageMin,
    ageMax: r.ageMax,
    withdrawn: r.withdrawn,
    lat: r.lat,
    lon: r.lon,
    activeDay: r.activeDay,
    suspended: r.suspended,
    name: r.name,
    city: r.city,
    photoIds: r.photoIds,
    allInterests: r.allInterests,
    aboutStart: r.aboutStart,
    verified: r.verified,
    badgeRows: r.badgeRows,
  }));
}

/** The members' active days (what a last-seen write moves), for those with a profile. */
export async function findActiveDays(q: Queryable, ids: readonly string[]): Promise<{ id: string; activeDay: number }[]> {
  // One statement text whatever the number of members (PGlite keeps it prepared).
  const result = await sql<{ id: string; activeDay: number }>`SELECT user_id AS id, active_day AS "activeDay" FROM profiles WHERE user_id = ANY(${[...ids]}::uuid[])`.execute(typed(q));
  return result.rows;
}

/** Members who were awarded a badge since `since` (badges are only ever added, by triggers). */
export async function findBadgedSince(q: Queryable, since: Date): Promise<string[]> {
  const rows = await typed(q).selectFrom('badges').select('user_id').distinct().where('awarded_at', '>', since).execute();
  return rows.map((r) => r.user_id);
}

/** Whom a viewer's feed leaves out, as feedQuery's anti-joins do: skippedAt is set for a skip (it ends 14 days later). */
export interface ExclusionRow {
  id: string;
  skippedAt: Date | null;
}

/**
 * Per viewer (each one asked has an entry), their swipes that hide a member (any like or flirt, a
 * skip of the last 14 days) and blocks either way; viewers asked for together are read in one statement.
 */
export async function findExclusions(q: Queryable, viewerIds: readonly string[]): Promise<Map<string, ExclusionRow[]>> {
  const result = await sql<ExclusionRow & { viewer: string }>`SELECT s.actor_id AS viewer, s.target_id AS id, CASE WHEN s.kind = 'skip' THEN s.created_at END AS "skippedAt"
      FROM swipes s WHERE s.actor_id = ANY(${viewerIds}::uuid[]) AND (s.kind <> 'skip' OR s.created_at > now() - interval '14 days')
    UNION ALL SELECT b.blocker_id, b.blocked_id, NULL FROM blocks b WHERE b.blocker_id = ANY(${viewerIds}::uuid[])
    UNION ALL SELECT b.blocked_id, b.blocker_id, NULL FROM blocks b WHERE b.blocked_id = ANY(${viewerIds}::uuid[])`.execute(typed(q));
  const byViewer = new Map<string, ExclusionRow[]>(viewerIds.map((id) => [id, []]));
  for (const { viewer, ...row } of result.rows) byViewer.get(viewer)?.push(row);
  return byViewer;
}
