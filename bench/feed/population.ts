/**
 * Set-based generation of a large member population for bench/feed: every table is filled with
 * INSERT ... SELECT FROM generate_series in chunks, never row by row. Member ids are derived from
 * the member number (md5('fb:' || n) shaped as a version-4 UUID), so users, profiles and photos of one chunk line up
 * without a temporary table.
 */
import { INTERESTS } from '@funkeln/contracts/profile-details';
import type { Gender } from '@funkeln/contracts/profiles';
import type { Db, Tx } from '../../apps/server/src/db/client.js';

/**
 * A UUID derived from md5(text) with the version (4) and variant (8) nibbles set, so it passes the
 * contracts' z.uuid() like the app's own random UUIDs (a bare md5()::uuid mostly does not).
 */
export const md5Uuid = (text: string) => `overlay(overlay(md5(${text}) placing '4' from 13) placing '8' from 17)::uuid`;
/** The id of member number `expr`. */
export const memberId = (expr: string) => md5Uuid(`'fb:' || (${expr})`);

/** The gallery's maximum (issue 19): the worst case for the feed's main-photo pick and card photo lists. */
const PHOTOS_PER_MEMBER = 6;

const NAMES = [
  'Anna', 'Lena', 'Marie', 'Sophie', 'Laura', 'Julia', 'Lea', 'Hannah', 'Sarah', 'Lisa', 'Katharina', 'Johanna',
  'Clara', 'Emilia', 'Mia', 'Nina', 'Paula', 'Franziska', 'Jana', 'Miriam', 'Lukas', 'Jonas', 'Leon', 'Felix',
  'Paul', 'Maximilian', 'Tim', 'Jan', 'Niklas', 'David', 'Moritz', 'Simon', 'Tobias', 'Florian', 'Sebastian',
  'Philipp', 'Julian', 'Fabian', 'Matthias', 'Alex', 'Kim', 'Robin', 'Sascha', 'Toni', 'Charlie', 'Luca',
];

export interface Origin {
  placeId: number;
  lat: number;
  lon: number;
}

/** The largest place called Berlin (the viewers' home). */
export async function berlin(db: Db): Promise<Origin> {
  const [row] = await db.query<{ id: number; lat: number; lon: number }>(
    `SELECT id, lat, lon FROM places WHERE name = 'Berlin' AND country = 'DE' ORDER BY population DESC LIMIT 1`,
  );
  if (!row) throw new Error('places not loaded: no Berlin');
  return { placeId: row.id, lat: row.lat, lon: row.lon };
}

/** Chunks at once: two connections on PostgreSQL (the machine's two cores), one on PGlite (a single connection). */
const parallelism = (db: Db) => (db.kind === 'postgres' ? 2 : 1);

/**
 * Runs job(from, to) for the ranges [1, chunk], [chunk + 1, 2 * chunk] ... up to total, each in one
 * transaction with bulk-load settings, `parallelism(db)` at a time; done(from, to) after each.
 */
async function inChunks(
  db: Db,
  total: number,
  chunk: number,
  job: (tx: Tx, from: number, to: number) => Promise<void>,
  done: (from: number, to: number) => void = () => undefined,
): Promise<void> {
  let next = 1;
  const worker = async () => {
    while (next <= total) {
      const from = next;
      const to = Math.min(total, from + chunk - 1);
      next = to + 1;
      await db.transaction(async (tx) => {
        // Bench data: a lost tail after a crash does not matter; sorts of a chunk stay in memory.
        await tx.query(`SET LOCAL synchronous_commit = off`);
        await tx.query(`SET LOCAL work_mem = '64MB'`);
        await job(tx, from, to);
      });
      done(from, to);
    }
  };
  await Promise.all(Array.from({ length: parallelism(db) }, worker));
}

/**
 * One statement with the tables' triggers off (session_replication_role, for this transaction only):
 * the statement writes whatever those triggers would have written itself.
 */
async function untriggered(tx: Tx, sql: string, params: unknown[]): Promise<void> {
  await tx.query(`SET LOCAL session_replication_role = replica`);
  await tx.query(sql, params);
  await tx.query(`SET LOCAL session_replication_role = origin`);
}

/** A number in [0, 1) derived from md5(text): the same in every statement that names it. */
const unit = (text: string) => `(('x' || substr(md5(${text}), 1, 8))::bit(32)::bigint / 4294967296.0)`;
/** Member g's last activity: within the 30 days before $at, derived from g (users and profiles agree on it). */
const lastActive = (at: string) => `(${at}::timestamptz - ${unit(`'la:' || g`)} * interval '30 days')`;

/**
 * Members 1..total: users (active within the last 30 days), profiles (gender 48/48/4 %, mostly
 * interested in the other gender, 18-59 years old, age ranges around their own age, home towns
 * drawn from the DACH places weighted by population; 3 % never finished onboarding, 2 % without a
 * home town) and photos (six per member; the first 92 % approved, 3 % pending, 2 % rejected, 1 % disabled; 2 % of
 * members without photos) and 3 to 8 interests each.
 *
 * Generation speed (issue 21, same shape and statistics as before): chunks run in parallel on
 * PostgreSQL (see inChunks), each chunk in one transaction; the interests are part of the profile
 * insert (was a second UPDATE of every profile); the profile names its active_day itself (the
 * insert trigger of migration 023 then skips its per-row lookup of the user), so last_active_at is
 * derived from the member number (uniform over the 30 days before the generation started) instead
 * of random(), and users and profiles agree on it without a join; users and photos are inserted
 * with triggers off and their badges written set-based (see below), sorted by member id. At 200,000 members
 * on PostgreSQL this took 68-76 s instead of 172 s (bench machine, 2 cores, other work running).
 */
export async function generateMembers(db: Db, total: number, chunk: number, progress: (done: number) => void): Promise<void> {
  const places = await db.query<{ id: number; population: number }>('SELECT id, population FROM places WHERE population > 0 ORDER BY id');
  const ids = places.map((p) => p.id);
  const starts: number[] = [];
  let sum = 0;
  for (const p of places) {
    starts.push(sum);
    sum += p.population;
  }
  const at = new Date().toISOString();
  const interests = INTERESTS.map((i) => i.id);
  let done = 0;
  await inChunks(
    db,
    total,
    chunk,
    async (tx, from, to) => {
      // Users and photos are inserted with triggers off (this transaction only): their triggers award
      // the email_verified and photo_approved badges row by row (for photos, mostly conflicts), written
      // here set-based instead; the user references of the photos are right by construction.
      await untriggered(
        tx,
        `WITH inserted AS (
           INSERT INTO users (id, email, email_verified, display_name, last_active_at, created_at)
           SELECT ${memberId('g')}, 'm' || g || '@bench.funkeln.test', true,
                  ($3::text[])[1 + floor(random() * array_length($3::text[], 1))::int],
                  ${lastActive('$4')},
                  now() - interval '30 days' - random() * interval '700 days'
             FROM generate_series($1::int, $2::int) g
            ORDER BY 1
           RETURNING id
         )
         INSERT INTO badges (user_id, kind, scope) SELECT id, 'email_verified', '' FROM inserted ON CONFLICT DO NOTHING`,
        [from, to, NAMES, at],
      );
      await tx.query(
        `WITH base AS (
           SELECT g, ${memberId('g')} AS id, random() AS rg, random() AS ri, random() AS rinc, random() AS ra, random() AS rb,
                  random() AS rp, random() AS rnp,
                  (current_date - make_interval(years => 18) - floor(random() * 42 * 365.25)::int * interval '1 day')::date AS birth
             FROM generate_series($1::int, $2::int) g
         ), shaped AS (
           SELECT *, CASE WHEN rg < 0.48 THEN 'female' WHEN rg < 0.96 THEN 'male' ELSE 'diverse' END AS gender,
                  extract(year FROM age(current_date, birth))::int AS years
             FROM base
         )
         INSERT INTO profiles (user_id, about_me, birth_date, gender, interested_in, age_min, age_max, place_id, interests, active_day)
         SELECT id, 'Hallo, ich bin neu hier.',
                CASE WHEN rinc < 0.03 THEN NULL ELSE birth END,
                CASE WHEN rinc < 0.03 THEN NULL ELSE gender END,
                CASE WHEN rinc < 0.03 THEN '{}'::text[]
                     WHEN gender = 'diverse' THEN
                       CASE WHEN ri < 0.4 THEN '{female,male,diverse}'::text[] WHEN ri < 0.6 THEN '{diverse}'::text[]
                            WHEN ri < 0.8 THEN '{female}'::text[] ELSE '{male}'::text[] END
                     WHEN ri < 0.86 THEN ARRAY[CASE gender WHEN 'female' THEN 'male' ELSE 'female' END]
                     WHEN ri < 0.92 THEN ARRAY[gender]
                     WHEN ri < 0.97 THEN '{female,male}'::text[]
                     ELSE '{female,male,diverse}'::text[] END,
                greatest(18, years - 3 - floor(ra * 10))::smallint,
                least(99, years + 2 + floor(rb * 12))::smallint,
                CASE WHEN rnp < 0.02 THEN NULL ELSE ($3::int[])[width_bucket(rp * $4::float8, $5::float8[])] END,
                -- 3 to 8 interests from the catalogue, shown (and compared with the viewer's) on every card.
                ARRAY(SELECT i FROM unnest($6::text[]) i ORDER BY md5(i || id::text) LIMIT 3 + (get_byte(decode(md5(id::text), 'hex'), 0) % 6)),
                floor(extract(epoch FROM ${lastActive('$7')}) / 86400)::int
           FROM shaped`,
        [from, to, ids, sum, starts, interests, at],
      );
      // Six photos per member with photos (the gallery's maximum, issue 19): the first with the
      // status mix above, the others mostly approved, so the feed picks the main photo among six.
      await untriggered(
        tx,
        `WITH inserted AS (
           INSERT INTO photos (id, user_id, status, large_key, thumb_key, blur_key, width, height, disabled_at, position)
           SELECT ${md5Uuid(`'fp:' || g || ':' || pos`)}, ${memberId('g')} AS user_id,
                  CASE WHEN q < 0.03 THEN 'pending' WHEN q < 0.05 THEN 'rejected' ELSE 'approved' END,
                  md5('l:' || g || ':' || pos) || '.webp', md5('t:' || g || ':' || pos) || '.webp', md5('b:' || g || ':' || pos) || '.webp', 1080, 1350,
                  CASE WHEN q >= 0.05 AND q < 0.06 THEN now() END, pos
             FROM (SELECT g, pos, CASE WHEN pos = 0 THEN r ELSE random() END AS q
                     FROM (SELECT g, random() AS r FROM generate_series($1::int, $2::int) g) s
                     CROSS JOIN generate_series(0, ${PHOTOS_PER_MEMBER - 1}) pos
                    WHERE r < 0.98) t
            ORDER BY user_id, pos
           RETURNING user_id, status, disabled_at
         )
         INSERT INTO badges (user_id, kind, scope)
         SELECT DISTINCT user_id, 'photo_approved', '' FROM inserted WHERE status = 'approved' AND disabled_at IS NULL
         ON CONFLICT DO NOTHING`,
        [from, to],
      );
    },
    (from, to) => progress((done += to - from + 1)),
  );
}

/**
 * Swipes and blocks among the members, so the indexes have a realistic size around the viewers' rows.
 * Random pairs as before, but each chunk of swipes draws its actors from its own share of the members
 * (the targets from all): parallel chunks never insert the same pair, so their ON CONFLICT never waits
 * on each other (nor deadlocks); every member still acts equally often on average.
 */
export async function generateBackground(db: Db, total: number, swipes: number, blocks: number, chunk: number): Promise<void> {
  await inChunks(db, swipes, chunk, async (tx, from, to) => {
    await tx.query(
      `INSERT INTO swipes (id, actor_id, target_id, kind, created_at)
       SELECT gen_random_uuid(), ${memberId('a')}, ${memberId('b')},
              CASE WHEN r < 0.55 THEN 'skip' WHEN r < 0.95 THEN 'like' ELSE 'flirt' END,
              now() - random() * interval '60 days'
         FROM (SELECT $4::int + floor(random() * ($5::int - $4::int))::int AS a, 1 + floor(random() * $3)::int AS b, random() AS r
                 FROM generate_series($1::int, $2::int) g) s
        WHERE a <> b
       ON CONFLICT (actor_id, target_id) DO NOTHING`,
      [from, to, total, 1 + Math.floor(((from - 1) * total) / swipes), 1 + Math.floor((to * total) / swipes)],
    );
  });
  await db.query(
    `INSERT INTO blocks (blocker_id, blocked_id)
     SELECT ${memberId('a')}, ${memberId('b')}
       FROM (SELECT 1 + floor(random() * $2)::int AS a, 1 + floor(random() * $2)::int AS b FROM generate_series(1, $1::int) g) s
      WHERE a <> b
     ON CONFLICT DO NOTHING`,
    [blocks, total],
  );
}

export interface Viewer {
  id: string;
  gender: Gender;
  interestedIn: Gender[];
}

/**
 * Viewers with complete profiles in Berlin: alternately a man interested in women and a woman
 * interested in men, 30-34 years old, looking for 25-40, with an approved photo.
 */
export async function createViewers(db: Db, count: number, home: Origin): Promise<Viewer[]> {
  const viewers: Viewer[] = [];
  for (let i = 0; i < count; i++) {
    const gender: Gender = i % 2 === 0 ? 'male' : 'female';
    const interestedIn: Gender[] = [gender === 'male' ? 'female' : 'male'];
    const [row] = await db.query<{ id: string }>(
      `INSERT INTO users (id, email, email_verified, display_name, last_active_at)
       VALUES (md5('fv:' || $1::int)::uuid, 'viewer' || $1::int || '@bench.funkeln.test', true, 'Viewer ' || $1::int, now())
       RETURNING id`,
      [i],
    );
    if (!row) throw new Error('viewer insert failed');
    await db.query(
      `INSERT INTO profiles (user_id, about_me, birth_date, gender, interested_in, age_min, age_max, place_id, interests)
       VALUES ($1, 'Bench viewer', current_date - make_interval(years => 30 + $2::int % 5) - $2::int * interval '11 days',
               $3, $4::text[], 25, 40, $5, $6::text[])`,
      [row.id, i, gender, interestedIn, home.placeId, INTERESTS.slice(i % 10, (i % 10) + 6).map((x) => x.id)],
    );
    await db.query(
      `INSERT INTO photos (id, user_id, status, large_key, thumb_key, blur_key, width, height)
       VALUES (md5('fvp:' || $2::int)::uuid, $1, 'approved', 'viewer-l.webp', 'viewer-t.webp', 'viewer-b.webp', 1080, 1350)`,
      [row.id, i],
    );
    viewers.push({ id: row.id, gender, interestedIn });
  }
  return viewers;
}

/**
 * Each viewer's history: `swipes` swipes on members within radiusKm (those the feed would show
 * them first, then others nearby; 60 % skips, a good half of them older than the 14-day cool-down,
 * 30 % likes, 10 % flirts, over the last 30 days), `likesReceived` likes/flirts from nearby
 * members interested in them, and a few blocks in each direction.
 */
export async function generateViewerHistory(
  db: Db,
  viewers: Viewer[],
  home: Origin,
  radiusKm: number,
  swipes: number,
  likesReceived: number,
  blocksEach: number,
): Promise<void> {
  const near = `pl.lat BETWEEN $3::float8 - $5::float8 / 110.574 AND $3::float8 + $5::float8 / 110.574
            AND 2 * 6371.0088 * asin(least(1, sqrt(sin(radians(pl.lat - $3::float8) / 2) ^ 2
                + cos(radians($3::float8)) * cos(radians(pl.lat)) * sin(radians(pl.lon - $4::float8) / 2) ^ 2))) <= $5::float8`;
  // Viewers act on members only (they may still see each other in their feeds).
  const others = viewers.map((v) => v.id);
  for (const v of viewers) {
    const base = [v.id, v.interestedIn, home.lat, home.lon, radiusKm];
    await db.query(
      `INSERT INTO swipes (id, actor_id, target_id, kind, created_at)
       SELECT gen_random_uuid(), $1::uuid, t.user_id,
              CASE WHEN r < 0.6 THEN 'skip' WHEN r < 0.9 THEN 'like' ELSE 'flirt' END,
              now() - random() * interval '30 days'
         FROM (SELECT p.user_id, random() AS r,
                      ($6 = ANY(p.interested_in) AND extract(year FROM age(current_date, p.birth_date)) BETWEEN 25 AND 40) AS fits
                 FROM profiles p JOIN places pl ON pl.id = p.place_id
                WHERE p.user_id <> ALL($8::uuid[]) AND p.gender = ANY($2::text[]) AND ${near}
                ORDER BY fits DESC, random()
                LIMIT $7) t`,
      [...base, v.gender, swipes, others],
    );
    await db.query(
      `INSERT INTO swipes (id, actor_id, target_id, kind, created_at)
       SELECT gen_random_uuid(), p.user_id, $1::uuid, CASE WHEN random() < 0.85 THEN 'like' ELSE 'flirt' END,
              now() - random() * interval '30 days'
         FROM profiles p JOIN places pl ON pl.id = p.place_id
        WHERE p.user_id <> ALL($8::uuid[]) AND p.gender = ANY($2::text[]) AND $6 = ANY(p.interested_in) AND ${near}
        ORDER BY random()
        LIMIT $7
       ON CONFLICT (actor_id, target_id) DO NOTHING`,
      [...base, v.gender, likesReceived, others],
    );
    await db.query(
      `WITH picked AS (
         SELECT p.user_id, row_number() OVER (ORDER BY random()) AS n
           FROM profiles p JOIN places pl ON pl.id = p.place_id
          WHERE p.user_id <> ALL($7::uuid[]) AND p.gender = ANY($2::text[]) AND ${near}
          ORDER BY random() LIMIT 2 * $6::int
       )
       INSERT INTO blocks (blocker_id, blocked_id)
       SELECT CASE WHEN n % 2 = 0 THEN $1::uuid ELSE user_id END, CASE WHEN n % 2 = 0 THEN user_id ELSE $1::uuid END FROM picked
       ON CONFLICT DO NOTHING`,
      [...base, blocksEach, others],
    );
  }
}
