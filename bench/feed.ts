/**
 * bench/feed: latency and throughput of GET /api/feed?radius=50 through the real HTTP stack, for
 * viewers in Berlin who have already swiped on 2,000 members each, with 100,000 members on PGlite
 * and 1,000,000 on PostgreSQL (generated here, set-based), beside a bare Fastify hello-world
 * measured in the same run with the same client and settings.
 *
 * Latency: p50/p99 of per-request times at 1 connection (node:http client in a worker thread).
 * Throughput: requests per second at 16 keep-alive connections, for the feed and for hello-world,
 * with autocannon in a worker thread over loopback.
 *
 * Each figure is taken two or three times: "database" ranks in the database on every request (feed
 * decks and the feed index off: a viewer's first page, or any page after a deck expired); on
 * PGlite "memory" ranks in the feed index on every request (decks off: how a first page is ranked
 * on the embedded database; see FeedIndex); "decks" as the app runs (the viewer's ranking read
 * once and served from memory until it changes; see FeedDecks).
 *
 * Reproduce: `npm run bench:feed`, or `npx tsx bench/feed.ts [--pglite 100000] [--postgres 1000000]
 * [--only pglite|postgres] [--duration 10] [--explain] [--dry]`. PostgreSQL: BENCH_PG_URL (default
 * postgres://postgres@127.0.0.1:5432/test) is the admin connection; the bench creates and drops
 * the database funkeln_bench_feed. Without a reachable server the PostgreSQL part is skipped.
 * The PostgreSQL run also uses Redis at BENCH_REDIS_URL (default redis://127.0.0.1:6379) as a
 * clustered deployment would: rate-limit counters, and the event channel that lets processes
 * cache sessions and decks. The feed's rate limiter keeps counting but never refuses.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { ABOUT_PREVIEW } from '@funkeln/contracts/feed';
import { ageOn, berlinToday } from '@funkeln/contracts/profiles';
import { buildApp } from '../apps/server/src/app.js';
import { loadConfig } from '../apps/server/src/config.js';
import { createContainer } from '../apps/server/src/container.js';
import { createPgliteDb, type Db, type Queryable } from '../apps/server/src/db/client.js';
import { migrate } from '../apps/server/src/db/migrate.js';
import { findFeedPage } from '../apps/server/src/modules/feed/feed.repo.js';
import { findProfile } from '../apps/server/src/modules/profiles/profiles.repo.js';
import { createMemoryRateLimiter, createRedisRateLimiter, type RateLimiter } from '../apps/server/src/platform/rate-limit/rate-limit.js';
import { createRedis } from '../apps/server/src/platform/redis/redis.js';
import { runLoad, runThroughput, type LoadResult } from './feed/load.js';
import { check, HELLO_CONNECTIONS, helloThroughput, startHello } from './hello.js';
import { berlin, createViewers, generateBackground, generateMembers, generateViewerHistory, type Origin } from './feed/population.js';
import { MACHINE, recordResult } from './results.js';
import { freshPostgresDatabase, redisReachable } from './services.js';

const { values: args } = parseArgs({
  options: {
    pglite: { type: 'string', default: '100000' },
    postgres: { type: 'string', default: '1000000' },
    only: { type: 'string' },
    duration: { type: 'string', default: '10' },
    explain: { type: 'boolean', default: false },
    /** Measure and print only; leave bench/RESULTS.md alone (e.g. for smaller populations). */
    dry: { type: 'boolean', default: false },
  },
});

const RADIUS_KM = 50;
const FEED_PATH = `/api/feed?radius=${RADIUS_KM}`;
const VIEWERS = 20;
const SWIPES_PER_VIEWER = 2000;
const LIKES_RECEIVED = 150;
const LATENCY_CONNECTIONS = 1;
const THROUGHPUT_CONNECTIONS = HELLO_CONNECTIONS; // the feed at hello-world's connections, so the two compare
const DURATION_MS = Number(args.duration) * 1000;
const PG_ADMIN_URL = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const PG_DB_NAME = 'funkeln_bench_feed';
const REDIS_URL = process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379';
const silent = { warn: () => undefined, error: () => undefined };

/** Counts like the app's limiter (same store, same round trip) but never refuses: the bench sends far more than 120 feed requests a minute per viewer (the app's limits hook counts with the container's limiter). */
function neverRefusing(inner: RateLimiter): RateLimiter {
  return {
    increment: async (key, windowMs) => ({ ...(await inner.increment(key, windowMs)), count: 1 }),
    admit: async (key, rule) => (await inner.admit(key, rule), 0),
    reset: (key) => inner.reset(key),
    release: (key) => inner.release(key),
  };
}

interface ModeFigures {
  latency: LoadResult;
  feed: LoadResult;
}

interface RunFigures {
  label: string;
  members: number;
  generateSeconds: number;
  cardsPerPage: number;
  database: ModeFigures;
  /** Ranked in the feed index on every request (the embedded database only). */
  memory?: ModeFigures;
  decks: ModeFigures;
  hello: LoadResult;
}

const ms = (v: number) => v.toFixed(1);
const log = (msg: string) => console.log(`[${new Date().toISOString().slice(11, 19)}] ${msg}`);

async function waitUntil(ready: () => boolean, what: string, timeoutMs = 5000): Promise<void> {
  for (let i = 0; i < timeoutMs / 50 && !ready(); i++) await new Promise((r) => setTimeout(r, 50));
  if (!ready()) throw new Error(`${what} did not come up`);
}

/** EXPLAIN ANALYZE of the feed query as FeedService builds it for this viewer (the first, windowed try). */
async function explainFeed(db: Db, viewerId: string, home: Origin): Promise<string> {
  const me = await findProfile(db, viewerId);
  if (!me?.gender || !me.birth_date) throw new Error('viewer profile incomplete');
  const today = berlinToday();
  const shift = (years: number) => {
    const [y, m, d] = today.split('-').map(Number) as [number, number, number];
    return new Date(Date.UTC(y - years, m - 1, d)).toISOString().slice(0, 10);
  };
  const explain: Queryable = {
    query: async <T extends Record<string, unknown>>(sql: string, params?: unknown[]) =>
      (await db.query(`EXPLAIN (ANALYZE, BUFFERS) ${sql}`, params)) as unknown as T[],
  };
  const rows = (await findFeedPage(explain, {
    viewerId,
    viewerGender: me.gender,
    interestedIn: me.interested_in,
    viewerAge: ageOn(me.birth_date, today),
    minBirth: shift(me.age_max + 1),
    maxBirth: shift(me.age_min),
    origin: { lat: home.lat, lon: home.lon },
    radiusKm: RADIUS_KM,
    onlyVerified: false,
    aboutChars: ABOUT_PREVIEW + 1,
    after: null,
    limit: 20,
  })) as unknown as { 'QUERY PLAN': string }[];
  return rows.map((r) => r['QUERY PLAN']).join('\n');
}

/** `env` as the app would get it: DATABASE_URL and REDIS_URL for the PostgreSQL run. */
async function measure(label: string, db: Db, env: Record<string, string>, members: number, chunk: number, helloPort: number): Promise<RunFigures> {
  const dataDir = mkdtempSync(join(tmpdir(), 'funkeln-bench-feed-'));
  const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, LOG_LEVEL: 'silent', REDIS_PREFIX: `bench-feed-${process.pid}:`, ...env });
  // The limits hook counts with the container's limiter: the same store as the app's, never refusing.
  const redis = config.redisUrl ? createRedis(config.redisUrl, silent) : undefined;
  const limiter = neverRefusing(redis ? createRedisRateLimiter(redis, `${config.redisPrefix}rl:`) : createMemoryRateLimiter());
  let decksOn = false;
  let indexOn = false;
  const c = createContainer(config, db, silent, { limiter, feedDecksEnabled: () => decksOn, feedIndexEnabled: () => indexOn });
  try {
    await c.places.ensureLoaded();
    if (config.redisUrl) await waitUntil(() => c.events.clustered, 'the Redis event channel');
    const home = await berlin(db);
    const t0 = performance.now();
    log(`${label}: generating ${members.toLocaleString('en')} members`);
    await generateMembers(db, members, chunk, (done) => log(`${label}:   ${done.toLocaleString('en')} members`));
    await generateBackground(db, members, members, Math.round(members / 100), chunk);
    const viewers = await createViewers(db, VIEWERS, home);
    await generateViewerHistory(db, viewers, home, RADIUS_KM, SWIPES_PER_VIEWER, LIKES_RECEIVED, 3);
    await db.query('VACUUM ANALYZE');
    const generateSeconds = (performance.now() - t0) / 1000;
    const [counts] = await db.query<{ users: number; photos: number; swipes: number; blocks: number; viewer_swipes: number }>(
      `SELECT (SELECT count(*) FROM users) AS users, (SELECT count(*) FROM photos) AS photos,
              (SELECT count(*) FROM swipes) AS swipes, (SELECT count(*) FROM blocks) AS blocks,
              (SELECT min(n) FROM (SELECT count(*) AS n FROM swipes WHERE actor_id = ANY($1::uuid[]) GROUP BY actor_id) s) AS viewer_swipes`,
      [viewers.map((v) => v.id)],
    );
    log(`${label}: generated in ${generateSeconds.toFixed(0)} s: ${JSON.stringify(counts)}`);

    const headers: Record<string, string>[] = [];
    for (const v of viewers) headers.push({ authorization: `Bearer ${await c.sessions.create(db, v.id)}` });

    if (args.explain) console.log(await explainFeed(db, viewers[0]?.id ?? '', home));

    const app = await buildApp(c, { logger: false });
    await app.listen({ host: '127.0.0.1', port: 0 });
    const port = (app.server.address() as AddressInfo).port;
    try {
      let cards = 0;
      for (const h of headers) {
        const res = await fetch(`http://127.0.0.1:${port}${FEED_PATH}`, { headers: h });
        if (res.status !== 200) throw new Error(`feed: ${res.status} ${await res.text()}`);
        cards += ((await res.json()) as unknown[]).length;
      }
      const cardsPerPage = cards / headers.length;
      log(`${label}: ${cardsPerPage.toFixed(1)} cards per first page; warming up`);
      const feedSpec = { port, path: FEED_PATH, headers };
      check(await runLoad({ ...feedSpec, connections: 4, durationMs: 3000 }), 'feed warm-up');
      const mode = async (on: { decks: boolean; index: boolean }, name: string): Promise<ModeFigures> => {
        decksOn = on.decks;
        indexOn = on.index;
        if (on.index) {
          // The index loads at its first page; until then pages are ranked in the database.
          await fetch(`http://127.0.0.1:${port}${FEED_PATH}`, { headers: headers[0] });
          await waitUntil(() => c.feed.ranksInMemory, 'the feed index', 120_000);
        }
        log(`${label} (${name}): latency, ${LATENCY_CONNECTIONS} connection, ${DURATION_MS / 1000} s`);
        const latency = check(await runLoad({ ...feedSpec, connections: LATENCY_CONNECTIONS, durationMs: DURATION_MS }), 'feed latency');
        log(`${label} (${name}): throughput, ${THROUGHPUT_CONNECTIONS} connections, ${DURATION_MS / 1000} s`);
        const feed = check(await runThroughput({ ...feedSpec, connections: THROUGHPUT_CONNECTIONS, durationMs: DURATION_MS }), 'feed throughput');
        return { latency, feed };
      };
      const database = await mode({ decks: false, index: false }, 'database');
      const memory = db.kind === 'pglite' ? await mode({ decks: false, index: true }, 'memory') : undefined;
      // As the app runs: the index only on the embedded database (feed-index.ts).
      const decked = await mode({ decks: true, index: db.kind === 'pglite' }, 'decks');
      log(`${label}: hello-world throughput, ${HELLO_CONNECTIONS} connections, ${DURATION_MS / 1000} s`);
      const hello = await helloThroughput(helloPort, DURATION_MS);
      return { label, members, generateSeconds, cardsPerPage, database, ...(memory ? { memory } : {}), decks: decked, hello };
    } finally {
      await app.close();
    }
  } finally {
    await c.close();
    redis?.disconnect();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function onPglite(members: number, helloPort: number): Promise<RunFigures> {
  const db = createPgliteDb(undefined);
  try {
    await migrate(db);
    return await measure('PGlite', db, {}, members, 50_000, helloPort);
  } finally {
    await db.close();
  }
}

async function onPostgres(members: number, helloPort: number): Promise<RunFigures | undefined> {
  const fresh = await freshPostgresDatabase(PG_ADMIN_URL, PG_DB_NAME, log);
  if (!fresh) return undefined;
  try {
    const redisUrl = (await redisReachable(REDIS_URL)) ? REDIS_URL : undefined;
    if (!redisUrl) log(`Redis at ${REDIS_URL} not reachable: measuring PostgreSQL without it (sessions and decks uncached, as the app would run)`);
    const env = { DATABASE_URL: fresh.url, ...(redisUrl ? { REDIS_URL: redisUrl } : {}) };
    return await measure(`PostgreSQL ${fresh.version}${redisUrl ? ' + Redis' : ''}`, fresh.db, env, members, 100_000, helloPort);
  } finally {
    await fresh.drop();
  }
}

async function record(r: RunFigures, latencyTarget: string): Promise<void> {
  if (args.dry) return;
  const scope = `${r.label}, ${r.members.toLocaleString('en')} members`;
  const base = { benchmark: 'feed', machine: MACHINE, reproduce: 'npm run bench:feed' };
  const load = `${VIEWERS} viewers in Berlin with ${SWIPES_PER_VIEWER.toLocaleString('en')} swipes each, ${r.cardsPerPage.toFixed(0)} cards/page`;
  const modes = [['ranked in the database on every request', r.database], ...(r.memory ? [['ranked in memory (feed index) on every request', r.memory] as const] : []), ['served from feed decks, as the app runs', r.decks]] as const;
  for (const [how, m] of modes) {
    await recordResult({
      ...base,
      metric: `GET ${FEED_PATH} p50 latency, ${how}, ${scope}`,
      value: `${ms(m.latency.p50)} ms (${LATENCY_CONNECTIONS} connection, ${m.latency.requests} requests; ${load})`,
      target: '-',
    });
    await recordResult({
      ...base,
      metric: `GET ${FEED_PATH} p99 latency, ${how}, ${scope}`,
      value: `${ms(m.latency.p99)} ms (${LATENCY_CONNECTIONS} connection, ${m.latency.requests} requests; ${load})`,
      target: latencyTarget,
    });
    const share = (100 * m.feed.rps) / r.hello.rps;
    await recordResult({
      ...base,
      metric: `GET ${FEED_PATH} throughput vs bare Fastify hello-world, ${how}, ${scope}`,
      value: `${m.feed.rps.toFixed(0)} req/s = ${share.toFixed(1)} % of hello-world ${r.hello.rps.toFixed(0)} req/s (${THROUGHPUT_CONNECTIONS} connections, loopback)`,
      target: '>= 30 % of hello-world',
    });
  }
}

async function main(): Promise<void> {
  const hello = await startHello();
  const runs: RunFigures[] = [];
  try {
    if (args.only !== 'postgres') {
      const r = await onPglite(Number(args.pglite), hello.port);
      runs.push(r);
      await record(r, '-');
    }
    if (args.only !== 'pglite') {
      const r = await onPostgres(Number(args.postgres), hello.port);
      if (r) {
        runs.push(r);
        await record(r, '< 25 ms');
      }
    }
  } finally {
    await hello.close();
  }
  const row = (r: RunFigures, m: ModeFigures) => ({
    'generate (s)': Number(r.generateSeconds.toFixed(0)),
    'cards/page': Number(r.cardsPerPage.toFixed(1)),
    'p50 ms (c=1)': Number(ms(m.latency.p50)),
    'p99 ms (c=1)': Number(ms(m.latency.p99)),
    [`feed req/s (c=${THROUGHPUT_CONNECTIONS})`]: Number(m.feed.rps.toFixed(0)),
    [`p99 ms (c=${THROUGHPUT_CONNECTIONS})`]: Number(ms(m.feed.p99)),
    'hello req/s': Number(r.hello.rps.toFixed(0)),
    'feed/hello %': Number(((100 * m.feed.rps) / r.hello.rps).toFixed(1)),
  });
  console.table(
    Object.fromEntries(
      runs.flatMap((r) => [
        [`${r.label} ${r.members.toLocaleString('en')} database`, row(r, r.database)],
        ...(r.memory ? [[`${r.label} ${r.members.toLocaleString('en')} memory`, row(r, r.memory)] as const] : []),
        [`${r.label} ${r.members.toLocaleString('en')} decks`, row(r, r.decks)],
      ]),
    ),
  );
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
