import type { Gender } from '@funkeln/contracts/profiles';
import { type RawBuilder, type Selectable, sql } from 'kysely';
import type { Queryable } from '../../db/client.js';
import { typed } from '../../db/kysely.js';
import type { Badges, Photos, Places, Profiles, Users } from '../../db/schema.js';

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
  /** Only members with the photo-verification badge ("nur verifizierte Profile"). */
  onlyVerified: boolean;
  after: FeedCursor | null;
  limit: number;
  /** How much of the about-me text each row brings (CardColumns.aboutStart). */
  aboutChars: number;
}

/** Position in the ranking: recently active first, then near, then id. */
export interface FeedCursor {
  activeDay: number;
  distM: number;
  id: string;
}

/** A ranked candidate: the cursor's fields, and what the card shows (typed from the schema). */
export interface FeedRow extends FeedCursor {
  name: Users['display_name'];
  /** As text: a DATE must not shift through a JS Date in some time zone. */
  birth_date: string;
  city: Places['name'] | null;
  photo_id: Photos['id'];
}

/**
 * The rest of a card, read for the rows a page serves (findCardColumns; one query per page, not per detail):
 * every approved photo in the member's order, their interests, the start of their about-me text
 * (`aboutChars` characters), the photo-verification badge and their badges, oldest first.
 */
export interface CardColumns {
  photoIds: Photos['id'][];
  allInterests: Selectable<Profiles>['interests'];
  aboutStart: string;
  verified: boolean;
  badgeRows: { kind: Badges['kind']; scope: string }[];
}

const DAY_MS = 86_400_000;

/**
 * The tries of findFeedPage, most recent days first, each over days of its own: the cursor's day
 * (or today) and the day after it (the database's clock may be a little ahead of this process's at
 * midnight); the day before; the 13 days before that; every earlier day. Members are active on about
 * one day in thirty (bench populations): at 1,000,000 members today's fill a deck of 100 most of
 * the day, and a try reads only its own days' members, so a short try wastes no reading.
 */
function triesFrom(topDay: number): Days[] {
  return [
    { list: [topDay + 1, topDay] },
    { list: [topDay - 1] },
    { list: Array.from({ length: 13 }, (_, i) => topDay - 2 - i) },
    { before: topDay - 14 },
  ];
}

/**
 * The members a try ranks, by the UTC day they were last active: a list of days (`= ANY`, so the
 * index bounds the birth dates within each day), or every day before one.
 */
type Days = { list: number[] } | { before: number };

/** The query's values, each bound as a parameter where the SQL names it. */
interface FeedParams {
  viewerId: string;
  genders: Gender[];
  viewerGender: Gender;
  minBirth: string;
  maxBirth: string;
  lat: number | null;
  lon: number | null;
  viewerAge: number;
  radiusKm: number | null;
  latSpan: number | null;
  lonSpan: number | null;
  day: number | null;
  distM: number | null;
  afterId: string | null;
  onlyVerified: boolean;
  limit: number;
}

// Same great-circle formula and earth radius as places/snap.ts haversineKm; from the profile's copy of its town's coordinates.
function distM(p: Pick<FeedParams, 'lat' | 'lon'>): RawBuilder<number> {
  return sql<number>`round(1000 * 2 * 6371.0088 * asin(least(1, sqrt(
    sin(radians(p.place_lat - ${p.lat}::float8) / 2) ^ 2 +
    cos(radians(${p.lat}::float8)) * cos(radians(p.place_lat)) * sin(radians(p.place_lon - ${p.lon}::float8) / 2) ^ 2))))`;
}

/**
 * The feed query. Both sides must want each other (gender and age), the candidate needs an
 * approved photo (the first approved one by position is shown), is not suspended and has not
 * withdrawn the orientation consent, no block in either direction, no like/flirt by the viewer
 * (with onlyVerified: only members with the photo-verification badge) and no skip in the last 14
 * days. Distances use the snapped place coordinates only.
 *
 * Shape (measured by bench/feed and bench/load at 1,000,000 members): the inner query ranks every
 * candidate that matches on the profile, reading one index only (profiles_rank_idx: gender, active
 * day, birth date, and the other columns checked). Photo, swipes and blocks are checked afterwards
 * in rank order, so only about a page of rows reaches them. With `days`, only members last active
 * on one of those UTC days are ranked: a few index ranges instead of every member.
 *
 * Whether a candidate likes the viewer plays no part: no member is shown who likes them before a
 * match, and a rank (or a cursor) that moved likers would show it.
 *
 * The card's other columns (CardColumns) are not read here: findCardColumns reads them for the rows
 * a page serves: a visit is shown 20-40 cards, and at 1,000,000 members the card columns of a
 * deck's 100 rows were about half of its read's execution (bench:load, EXPLAIN).
 *
 * One text per shape: the distance, the radius box, the cursor and the verified-only check are in
 * the text or not (never `$x IS NULL OR ...`), and the page size is a literal. A prepared statement
 * (PGlite's connection, pglite-prepared.mjs) then plans each shape for what it is: PostgreSQL's
 * plan cache keeps one generic plan where it is no dearer than re-planning, and re-plans for the
 * values where the values matter (the radius shapes). Measured at 10,000 members on PGlite (240
 * viewers, a first and a next page within 50 km each): 5.0-5.5 ms of CPU per query against 6.2-6.3
 * with the one text with branches; first pages without a radius unchanged (a generic plan either way).
 *
 * Written with Kysely's sql template (the builder cannot say this shape); its row type is FeedRow.
 */
function feedQuery(p: FeedParams, days: Days): RawBuilder<FeedRow> {
  if (!Number.isInteger(p.limit) || p.limit < 1) throw new Error(`feed page size must be a positive integer, got ${p.limit}`);
  // One text per shape (see above); the page size is a literal, so it must be a plain integer.
  const dist = p.lat === null ? sql`0` : sql`CASE WHEN p.place_lat IS NULL THEN 0 ELSE ${distM(p)}::int END`;
  const box =
    p.radiusKm === null
      ? sql``
      : sql`AND p.place_lat BETWEEN ${p.lat}::float8 - ${p.latSpan}::float8 AND ${p.lat}::float8 + ${p.latSpan}::float8
            AND p.place_lon BETWEEN ${p.lon}::float8 - ${p.lonSpan}::float8 AND ${p.lon}::float8 + ${p.lonSpan}::float8`;
  const within = p.radiusKm === null ? sql`` : sql`AND r."distM" <= ${p.radiusKm}::float8 * 1000`;
  const below =
    p.day === null
      ? sql``
      : sql`AND (r."activeDay" < ${p.day}::int
                 OR (r."activeDay" = ${p.day}::int AND (r."distM" > ${p.distM}::int OR (r."distM" = ${p.distM}::int AND r.id > ${p.afterId}::uuid))))`;
  return sql<FeedRow>`SELECT c.id, u.display_name AS name, to_char(c.birth_date, 'YYYY-MM-DD') AS birth_date, pl.name AS city, ph.id AS photo_id,
            c."activeDay", c."distM"
       FROM (
         SELECT * FROM (
           SELECT p.user_id AS id, p.birth_date, p.place_id, p.active_day AS "activeDay", ${dist} AS "distM"
             FROM profiles p
            WHERE p.user_id <> ${p.viewerId}
              AND p.gender = ANY(${p.genders}::text[])
              ${'list' in days ? sql`AND p.active_day = ANY(${days.list}::int[])` : sql`AND p.active_day < ${days.before}::int`}
              AND ${p.viewerGender} = ANY(p.interested_in)
              AND p.birth_date > ${p.minBirth}::date AND p.birth_date <= ${p.maxBirth}::date
              AND p.age_min <= ${p.viewerAge} AND p.age_max >= ${p.viewerAge}
              AND p.orientation_consent IS DISTINCT FROM 'withdrawn'
              ${box}
         ) r
         WHERE true ${within} ${below}
         ORDER BY r."activeDay" DESC, r."distM" ASC, r.id ASC
       ) c
       JOIN users u ON u.id = c.id AND u.suspended_at IS NULL
       LEFT JOIN places pl ON pl.id = c.place_id
       -- the main photo: one row per candidate however many photos they have (index photos_main_idx)
       JOIN LATERAL (SELECT m.id FROM photos m WHERE m.user_id = c.id AND m.status = 'approved' AND m.disabled_at IS NULL
                      ORDER BY m.position LIMIT 1) ph ON true
      WHERE NOT EXISTS (SELECT 1 FROM swipes s WHERE s.actor_id = ${p.viewerId} AND s.target_id = c.id
                           AND (s.kind <> 'skip' OR s.created_at > now() - interval '14 days'))
        ${p.onlyVerified ? sql`AND EXISTS (SELECT 1 FROM photo_verifications v WHERE v.user_id = c.id)` : sql``}
        AND NOT EXISTS (SELECT 1 FROM blocks b WHERE (b.blocker_id = ${p.viewerId} AND b.blocked_id = c.id)
                                               OR (b.blocker_id = c.id AND b.blocked_id = ${p.viewerId}))
      ORDER BY c."activeDay" DESC, c."distM" ASC, c.id ASC
      LIMIT ${sql.lit(p.limit)}`;
}

/**
 * One page of feed candidates (see feedQuery for the rules).
 *
 * Try by try (triesFrom), from the most recent days down. The ranking's first key is the day of
 * last activity, so every member a try returns ranks above every member of a later try: the page
 * is the first try's rows, then the next try's, until it is full. A try that fills it ends the
 * read; a short one (few members active on its days, the end of the feed) costs one statement more
 * and no member read twice. Every try asks for a whole page (one statement text per shape), of
 * which only what the page still lacks is kept.
 */
export async function findFeedPage(q: Queryable, f: FeedFilter): Promise<FeedRow[]> {
  const c = f.after;
  const params: FeedParams = {
    viewerId: f.viewerId,
    genders: f.interestedIn,
    viewerGender: f.viewerGender,
    minBirth: f.minBirth,
    maxBirth: f.maxBirth,
    lat: f.origin?.lat ?? null,
    lon: f.origin?.lon ?? null,
    viewerAge: f.viewerAge,
    radiusKm: f.radiusKm,
    latSpan: f.radiusKm === null ? null : f.radiusKm / 110.574,
    lonSpan: f.radiusKm === null || !f.origin ? null : f.radiusKm / (111.32 * Math.cos((f.origin.lat * Math.PI) / 180)),
    day: c?.activeDay ?? null,
    distM: c?.distM ?? null,
    afterId: c?.id ?? null,
    onlyVerified: f.onlyVerified,
    limit: f.limit,
  };
  // After a cursor no member of a later day belongs on the page, so the tries start at its day (clamped to a valid integer).
  const topDay = Math.min(Math.max(c ? c.activeDay : Math.floor(Date.now() / DAY_MS), 0), 1_000_000_000);
  const k = typed(q);
  const page: FeedRow[] = [];
  for (const days of triesFrom(topDay)) {
    const rows = (await feedQuery(params, days).execute(k)).rows;
    page.push(...rows.slice(0, f.limit - page.length));
    if (page.length >= f.limit) break;
  }
  return page;
}

/**
 * The viewer's own filter, as the feed index keeps it (IndexRow's names; the town's coordinates are
 * the profile's copy): for a viewer the index does not hold, and where there is no index (PostgreSQL).
 */
export function findViewer(q: Queryable, viewerId: string) {
  return typed(q)
    .selectFrom('profiles as p')
    .select(['p.gender', 'p.interested_in as interestedIn', 'p.age_min as ageMin', 'p.age_max as ageMax', 'p.interests as allInterests', 'p.place_lat as lat', 'p.place_lon as lon'])
    .select(sql<string | null>`to_char(p.birth_date, 'YYYY-MM-DD')`.as('birth_date'))
    .where('p.user_id', '=', viewerId)
    .executeTakeFirst();
}

/**
 * The card columns of the given members (CardColumns), by id: one statement for a page's rows. A
 * member without a profile row (deleted meanwhile) is missing from the map.
 */
export async function findCardColumns(q: Queryable, ids: readonly string[], aboutChars: number): Promise<Map<string, CardColumns>> {
  if (ids.length === 0) return new Map();
  const { rows } = await sql<CardColumns & { id: string }>`SELECT p.user_id AS id, ${cardColumnsOf(aboutChars)}
    FROM profiles p WHERE p.user_id = ANY(${[...ids]}::uuid[])`.execute(typed(q));
  return new Map(rows.map(({ id, ...columns }) => [id, columns]));
}

/**
 * CardColumns as select-list items of the profiles row aliased `p`: written once, for findCardColumns
 * and the feed index's rows (findIndexRows), so a card from either shows the same.
 */
export function cardColumnsOf(aboutChars: number): RawBuilder<unknown> {
  return sql`p.interests AS "allInterests", left(p.about_me, ${aboutChars}::int) AS "aboutStart",
         ARRAY(SELECT m.id FROM photos m WHERE m.user_id = p.user_id AND m.status = 'approved' AND m.disabled_at IS NULL ORDER BY m.position) AS "photoIds",
         EXISTS (SELECT 1 FROM photo_verifications v WHERE v.user_id = p.user_id) AS verified,
         COALESCE((SELECT json_agg(json_build_object('kind', b.kind, 'scope', b.scope) ORDER BY b.awarded_at, b.kind, b.scope)
                     FROM badges b WHERE b.user_id = p.user_id), '[]'::json) AS "badgeRows"`;
}

/**
 * One member's row of a card (FeedRow with its CardColumns) as the feed would rank it for a viewer
 * at `origin`: the same main photo (the first approved one), town and distance. Undefined without
 * a profile, birth date or approved photo, or while suspended. For a card put back (an undo).
 */
export async function findCardRow(q: Queryable, memberId: string, origin: { lat: number; lon: number } | null, aboutChars: number): Promise<(FeedRow & CardColumns) | undefined> {
  const dist = origin ? sql`CASE WHEN p.place_lat IS NULL THEN 0 ELSE ${distM(origin)}::int END` : sql`0`;
  const { rows } = await sql<FeedRow & CardColumns>`SELECT p.user_id AS id, u.display_name AS name, to_char(p.birth_date, 'YYYY-MM-DD') AS birth_date,
         pl.name AS city, ph.id AS photo_id, p.active_day AS "activeDay", ${dist} AS "distM", ${cardColumnsOf(aboutChars)}
    FROM profiles p
    JOIN users u ON u.id = p.user_id AND u.suspended_at IS NULL
    LEFT JOIN places pl ON pl.id = p.place_id
    JOIN LATERAL (SELECT m.id FROM photos m WHERE m.user_id = p.user_id AND m.status = 'approved' AND m.disabled_at IS NULL ORDER BY m.position LIMIT 1) ph ON true
    WHERE p.user_id = ${memberId}::uuid AND p.birth_date IS NOT NULL`.execute(typed(q));
  return rows[0];
}
