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

/** Position in the ranking: likes me first, then recently active, then near, then id. */
export interface FeedCursor {
  likesMe: number;
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

/**
 * One page of feed candidates. Both sides must want each other (gender and age), the candidate
 * needs an approved photo, no block in either direction, no like/flirt by the viewer and no skip
 * in the last 14 days. Distances use the snapped place coordinates only.
 */
export async function findFeedPage(q: Queryable, f: FeedFilter): Promise<FeedRow[]> {
  const latSpan = f.radiusKm === null ? null : f.radiusKm / 110.574;
  const lonSpan = f.radiusKm === null || !f.origin ? null : f.radiusKm / (111.32 * Math.cos((f.origin.lat * Math.PI) / 180));
  const c = f.after;
  return q.query<FeedRow & Record<string, unknown>>(
    `SELECT * FROM (
       SELECT u.id, u.display_name AS name, to_char(p.birth_date, 'YYYY-MM-DD') AS birth_date, pl.name AS city,
              ph.id AS photo_id,
              CASE WHEN lk.actor_id IS NULL THEN 0 ELSE 1 END AS "likesMe",
              floor(extract(epoch FROM u.last_active_at) / 86400)::int AS "activeDay",
              CASE WHEN $6::float8 IS NULL OR pl.lat IS NULL THEN 0 ELSE ${DIST_M}::int END AS "distM"
         FROM profiles p
         JOIN users u ON u.id = p.user_id
         JOIN photos ph ON ph.user_id = p.user_id AND ph.status = 'approved' AND ph.disabled_at IS NULL
         LEFT JOIN places pl ON pl.id = p.place_id
         LEFT JOIN swipes lk ON lk.actor_id = p.user_id AND lk.target_id = $1 AND lk.kind <> 'skip'
        WHERE p.user_id <> $1
          AND p.gender = ANY($2::text[])
          AND $3 = ANY(p.interested_in)
          AND p.birth_date > $4::date AND p.birth_date <= $5::date
          AND p.age_min <= $8 AND p.age_max >= $8
          AND ($9::float8 IS NULL OR (pl.lat BETWEEN $6::float8 - $10::float8 AND $6::float8 + $10::float8
                                  AND pl.lon BETWEEN $7::float8 - $11::float8 AND $7::float8 + $11::float8))
          AND NOT EXISTS (SELECT 1 FROM swipes s WHERE s.actor_id = $1 AND s.target_id = p.user_id
                             AND (s.kind <> 'skip' OR s.created_at > now() - interval '14 days'))
          AND NOT EXISTS (SELECT 1 FROM blocks b WHERE (b.blocker_id = $1 AND b.blocked_id = p.user_id)
                                                 OR (b.blocker_id = p.user_id AND b.blocked_id = $1))
     ) c
     WHERE ($9::float8 IS NULL OR c."distM" <= $9::float8 * 1000)
       AND ($12::int IS NULL OR c."likesMe" < $12 OR (c."likesMe" = $12 AND (c."activeDay" < $13
            OR (c."activeDay" = $13 AND (c."distM" > $14 OR (c."distM" = $14 AND c.id > $15::uuid))))))
     ORDER BY c."likesMe" DESC, c."activeDay" DESC, c."distM" ASC, c.id ASC
     LIMIT $16`,
    [
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
      c?.likesMe ?? null,
      c?.activeDay ?? null,
      c?.distM ?? null,
      c?.id ?? null,
      f.limit,
    ],
  );
}
