import type { Gender } from '@funkeln/contracts/profiles';
import type { Queryable } from '../../db/client.js';

export interface FeedFilter {
  viewerId: string;
  viewerGender: Gender;
  interestedIn: Gender[];
  viewerAge: number;
  /** Candidate birth dates in (minBirth, maxBirth]: the viewer's age range. */
  minBirth: string;
  maxBirth: string;
  origin: { lat: number; lon: number } | null;
  radiusKm: number | null;
  after: FeedCursor | null;
  limit: number;
}

/** Position in the ranking: recently active first, then near, then id. */
export interface FeedCursor {
  activeDay: number;
  distM: number;
  id: string;
}

export interface FeedRow extends FeedCursor {
  name: string;
  birth_date: string;
  city: string | null;
  photo_id: string;
}

// Same great-circle formula and earth radius as places/snap.ts haversineKm.
const DIST_M = `round(1000 * 2 * 6371.0088 * asin(least(1, sqrt(
    sin(radians(pl.lat - $6::float8) / 2) ^ 2 +
    cos(radians($6::float8)) * cos(radians(pl.lat)) * sin(radians(pl.lon - $7::float8) / 2) ^ 2))))`;

const DAY_MS = 86_400_000;

/** How many UTC days (the cursor's day and the ones before it) the first, cheaper try reads. */
const WINDOW_DAYS = 2;

/**
 * The feed query. Both sides must want each other (gender and age), the candidate needs an
 * approved photo, is not suspended and has not withdrawn the orientation consent, no block in either direction, no like/flirt by the viewer and no skip in the
 * last 14 days. Distances use the snapped place coordinates only.
 *
 * Shape (measured by bench/feed at 1,000,000 members): the inner query ranks every candidate that
 * matches on the profile, reading indexes only (profiles_feed_idx). Photo, swipes and blocks are
 * checked afterwards in rank order, so only about a page of rows reaches them. With `window`, only
 * members active since $16 (a UTC midnight) are ranked: one range scan of users_active_id_idx
 * instead of a users lookup per candidate.
 *
 * Whether a candidate likes the viewer plays no part: no member is shown who likes them before a
 * match, and a rank (or a cursor) that moved likers would show it.
 */
function feedSql(window: boolean): string {
  const members = window ? '(SELECT id, last_active_at FROM users WHERE last_active_at >= $16::timestamptz)' : 'users';
  return `SELECT c.id, u.display_name AS name, to_char(c.birth_date, 'YYYY-MM-DD') AS birth_date, c.city, ph.id AS photo_id,
            c."activeDay", c."distM"
       FROM (
         SELECT * FROM (
           SELECT p.user_id AS id, p.birth_date, pl.name AS city,
                  floor(extract(epoch FROM a.last_active_at) / 86400)::int AS "activeDay",
                  CASE WHEN $6::float8 IS NULL OR pl.lat IS NULL THEN 0 ELSE ${DIST_M}::int END AS "distM"
             FROM profiles p
             JOIN ${members} a ON a.id = p.user_id
             LEFT JOIN places pl ON pl.id = p.place_id
            WHERE p.user_id <> $1
              AND p.gender = ANY($2::text[])
              AND $3 = ANY(p.interested_in)
              AND p.birth_date > $4::date AND p.birth_date <= $5::date
              AND p.age_min <= $8 AND p.age_max >= $8
              AND p.orientation_consent IS DISTINCT FROM 'withdrawn'
              AND ($9::float8 IS NULL OR (pl.lat BETWEEN $6::float8 - $10::float8 AND $6::float8 + $10::float8
                                      AND pl.lon BETWEEN $7::float8 - $11::float8 AND $7::float8 + $11::float8))
         ) r
         WHERE ($9::float8 IS NULL OR r."distM" <= $9::float8 * 1000)
           AND ($12::int IS NULL OR r."activeDay" < $12
                OR (r."activeDay" = $12 AND (r."distM" > $13 OR (r."distM" = $13 AND r.id > $14::uuid))))
         ORDER BY r."activeDay" DESC, r."distM" ASC, r.id ASC
       ) c
       JOIN users u ON u.id = c.id AND u.suspended_at IS NULL
       JOIN photos ph ON ph.user_id = c.id AND ph.status = 'approved' AND ph.disabled_at IS NULL
      WHERE NOT EXISTS (SELECT 1 FROM swipes s WHERE s.actor_id = $1 AND s.target_id = c.id
                           AND (s.kind <> 'skip' OR s.created_at > now() - interval '14 days'))
        AND NOT EXISTS (SELECT 1 FROM blocks b WHERE (b.blocker_id = $1 AND b.blocked_id = c.id)
                                               OR (b.blocker_id = c.id AND b.blocked_id = $1))
      ORDER BY c."activeDay" DESC, c."distM" ASC, c.id ASC
      LIMIT $15`;
}

/**
 * One page of feed candidates (see feedSql for the rules).
 *
 * First try: only members whose activeDay is at least `fromDay` (the cursor's day, or today, and
 * the day before). Every member left out was active before fromDay, so ranks below every member
 * the try includes; a full page from the try is therefore
 * exactly the page the whole query returns. A short page (end of the feed, few candidates) runs
 * the whole query.
 */
export async function findFeedPage(q: Queryable, f: FeedFilter): Promise<FeedRow[]> {
  const latSpan = f.radiusKm === null ? null : f.radiusKm / 110.574;
  const lonSpan = f.radiusKm === null || !f.origin ? null : f.radiusKm / (111.32 * Math.cos((f.origin.lat * Math.PI) / 180));
  const c = f.after;
  const params = [
    f.viewerId,
    f.interestedIn,
    f.viewerGender,
    f.minBirth,
    f.maxBirth,
    f.origin?.lat ?? null,
    f.origin?.lon ?? null,
    f.viewerAge,
    f.radiusKm,
    latSpan,
    lonSpan,
    c?.activeDay ?? null,
    c?.distM ?? null,
    c?.id ?? null,
    f.limit,
  ];
  // Any day keeps the result exact; clamped so that any cursor still makes a valid date.
  const topDay = Math.min(Math.max(c ? c.activeDay : Math.floor(Date.now() / DAY_MS), WINDOW_DAYS), 1_000_000);
  const fromDay = new Date((topDay - (WINDOW_DAYS - 1)) * DAY_MS).toISOString();
  const page = await q.query<FeedRow & Record<string, unknown>>(feedSql(true), [...params, fromDay]);
  if (page.length >= f.limit) return page;
  return q.query<FeedRow & Record<string, unknown>>(feedSql(false), params);
}
