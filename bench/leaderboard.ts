/**
 * bench/leaderboard: the monthly Top10 with 1,000,000 votes in the current month, on PGlite and on
 * PostgreSQL (generated here, set-based: 80,000 members, the first 20,000 with photos entered in
 * every category, votes skewed towards a few favourites, 6 categories).
 *
 * Figures: the Top10 query alone (repo.liveTop, 2,000 runs, p50/p99), GET
 * /api/leaderboard/bikini through the real HTTP stack at 1 connection for --duration seconds
 * (the query plus names and signed thumbnail links), and GET /api/votes/next?category=bikini the
 * same way (a voter with about 17 votes in the month: a random candidate, its signed link and age).
 *
 * Reproduce: `npm run bench:leaderboard`, or `npx tsx bench/leaderboard.ts [--votes 1000000]
 * [--members 80000] [--contestants 20000] [--only pglite|postgres] [--duration 10] [--dry]`
 * (smaller --members/--contestants/--votes for a quick check; the recorded rows use the defaults). PostgreSQL: BENCH_PG_URL (default
 * postgres://postgres@127.0.0.1:5432/test) is the admin connection; the bench creates and drops
 * the database funkeln_bench_leaderboard.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { buildApp } from '../apps/server/src/app.js';
import { loadConfig } from '../apps/server/src/config.js';
import { createContainer } from '../apps/server/src/container.js';
import { createPgliteDb, type Db } from '../apps/server/src/db/client.js';
import { migrate } from '../apps/server/src/db/migrate.js';
import { liveTop } from '../apps/server/src/modules/leaderboard/leaderboard.repo.js';
import { berlinMonth } from '../apps/server/src/modules/leaderboard/leaderboard.service.js';
import { runLoad } from './feed/load.js';
import { generateMembers, md5Uuid, memberId } from './feed/population.js';
import { MACHINE, recordResult } from './results.js';
import { freshPostgresDatabase } from './services.js';

const { values: args } = parseArgs({
  options: {
    votes: { type: 'string', default: '1000000' },
    members: { type: 'string', default: '80000' },
    contestants: { type: 'string', default: '20000' },
    only: { type: 'string' },
    duration: { type: 'string', default: '10' },
    dry: { type: 'boolean', default: false },
  },
});

const VOTES = Number(args.votes);
const CONTESTANTS = Number(args.contestants);
const MEMBERS = Number(args.members);
const QUERY_RUNS = 2000;
const QUERIED = ['bikini', 'face', 'age'] as const;
const PG_ADMIN_URL = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const PG_DB_NAME = 'funkeln_bench_leaderboard';
const silent = { warn: () => undefined, error: () => undefined };
const log = (msg: string) => console.log(`[${new Date().toISOString().slice(11, 19)}] ${msg}`);

interface Figures {
  label: string;
  votes: number;
  query: { p50: number; p99: number };
  http: LoadFigures;
  next: LoadFigures;
}

interface LoadFigures {
  p50: number;
  p99: number;
  requests: number;
}

async function generateVotes(db: Db, month: string): Promise<number> {
  await db.query(`INSERT INTO photo_entries (user_id, category) SELECT ${memberId('g')}, c FROM generate_series(1, $1::int) g,
                  unnest('{age,sex,face,full_body,vacation,bikini}'::text[]) c`, [CONTESTANTS]);
  // The 50-votes badge trigger would run once per generated vote; it is not what is measured.
  await db.query('ALTER TABLE photo_votes DISABLE TRIGGER photo_votes_badge_50');
  let total = 0;
  for (let round = 0; total < VOTES && round < 50; round++) {
    const batch = Math.min(250_000, Math.ceil((VOTES - total) * 1.1));
    await db.query(
      `INSERT INTO photo_votes (photo_id, owner_id, voter_id, category, month, day)
       SELECT p.id, p.user_id, ${memberId(`${CONTESTANTS + 1} + (s.g % ${MEMBERS - CONTESTANTS})`)},
              (ARRAY['age','sex','face','full_body','vacation','bikini'])[1 + s.g % 6], $2, current_date
         FROM (SELECT g, 1 + floor(${CONTESTANTS} * power(random(), 3))::int AS c FROM generate_series($1::int, $1::int + $3::int - 1) g) s
         JOIN photos p ON p.id = ${md5Uuid(`'fp:' || s.c || ':0'`)} AND p.status = 'approved'
       ON CONFLICT DO NOTHING`,
      [round * 1_000_000 + 1, month, batch],
    );
    total = (await db.query<{ n: number }>('SELECT count(*)::int AS n FROM photo_votes'))[0]!.n;
    log(`  ${total.toLocaleString('en')} votes`);
  }
  if (total > VOTES) await db.query('DELETE FROM photo_votes WHERE id IN (SELECT id FROM photo_votes ORDER BY id DESC LIMIT $1)', [total - VOTES]);
  await db.query('ALTER TABLE photo_votes ENABLE TRIGGER photo_votes_badge_50');
  await db.query(
    `INSERT INTO photo_scores (category, month, photo_id, user_id, score, reached)
     SELECT category, month, photo_id, owner_id, count(*), max(id) FROM photo_votes GROUP BY category, month, photo_id, owner_id`,
  );
  await db.query('VACUUM ANALYZE');
  return (await db.query<{ n: number }>('SELECT count(*)::int AS n FROM photo_votes'))[0]!.n;
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}

async function measure(label: string, db: Db, env: Record<string, string>): Promise<Figures> {
  const dataDir = mkdtempSync(join(tmpdir(), 'funkeln-bench-lb-'));
  const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, LOG_LEVEL: 'silent', REDIS_PREFIX: `bench-lb-${process.pid}:`, ...env });
  const c = createContainer(config, db, silent);
  try {
    await c.places.ensureLoaded();
    const month = berlinMonth();
    const t0 = performance.now();
    log(`${label}: generating ${MEMBERS.toLocaleString('en')} members`);
    await generateMembers(db, MEMBERS, 20_000, () => undefined);
    log(`${label}: generating ${VOTES.toLocaleString('en')} votes`);
    const votes = await generateVotes(db, month);
    log(`${label}: generated in ${((performance.now() - t0) / 1000).toFixed(0)} s`);

    const times: number[] = [];
    for (let i = 0; i < 200; i++) await liveTop(db, 'bikini', month); // warm-up
    for (let i = 0; i < QUERY_RUNS; i++) {
      const start = performance.now();
      const rows = await liveTop(db, QUERIED[i % QUERIED.length]!, month);
      times.push(performance.now() - start);
      if (rows.length !== 10) throw new Error(`expected 10 entries, got ${rows.length}`);
    }
    times.sort((a, b) => a - b);

    const viewer = (await db.query<{ id: string }>(`SELECT ${memberId(String(MEMBERS))} AS id`))[0]!.id;
    const headers = [{ authorization: `Bearer ${await c.sessions.create(db, viewer)}` }];
    const app = await buildApp(c, { logger: false });
    await app.listen({ host: '127.0.0.1', port: 0 });
    try {
      const port = (app.server.address() as AddressInfo).port;
      const load = async (path: string): Promise<LoadFigures> => {
        const spec = { port, path, headers, connections: 1 };
        await runLoad({ ...spec, durationMs: 2000 });
        const r = await runLoad({ ...spec, durationMs: Number(args.duration) * 1000 });
        if (Object.keys(r.statuses).some((s) => s !== '200')) throw new Error(`${path}: statuses ${JSON.stringify(r.statuses)}`);
        return { p50: r.p50, p99: r.p99, requests: r.requests };
      };
      log(`${label}: GET /api/leaderboard/bikini`);
      const http = await load('/api/leaderboard/bikini');
      log(`${label}: GET /api/votes/next?category=bikini`);
      const next = await load('/api/votes/next?category=bikini');
      return { label, votes, query: { p50: percentile(times, 50), p99: percentile(times, 99) }, http, next };
    } finally {
      await app.close();
    }
  } finally {
    await c.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function onPglite(): Promise<Figures> {
  const db = createPgliteDb(undefined);
  try {
    await migrate(db);
    return await measure('PGlite', db, {});
  } finally {
    await db.close();
  }
}

async function onPostgres(): Promise<Figures | undefined> {
  const fresh = await freshPostgresDatabase(PG_ADMIN_URL, PG_DB_NAME, log);
  if (!fresh) return undefined;
  try {
    return await measure(`PostgreSQL ${fresh.version}`, fresh.db, { DATABASE_URL: fresh.url });
  } finally {
    await fresh.drop();
  }
}

const ms = (v: number) => v.toFixed(2);

async function record(f: Figures): Promise<void> {
  if (args.dry) return;
  const base = { benchmark: 'leaderboard', machine: MACHINE, reproduce: 'npm run bench:leaderboard' };
  const scope = `${f.label}, ${f.votes.toLocaleString('en')} votes in the month`;
  await recordResult({ ...base, metric: `Top10 query p99, ${scope}`, value: `${ms(f.query.p99)} ms (p50 ${ms(f.query.p50)} ms, ${QUERY_RUNS} runs)`, target: '< 10 ms' });
  await recordResult({
    ...base,
    metric: `GET /api/leaderboard/bikini p99, ${scope}`,
    value: `${ms(f.http.p99)} ms (p50 ${ms(f.http.p50)} ms, ${f.http.requests} requests, 1 connection, with names and signed thumbnails)`,
    target: '-',
  });
  await recordResult({
    ...base,
    metric: `GET /api/votes/next?category=bikini p99, ${scope}`,
    value: `${ms(f.next.p99)} ms (p50 ${ms(f.next.p50)} ms, ${f.next.requests} requests, 1 connection, a voter with votes in the month)`,
    target: '-',
  });
}

async function main(): Promise<void> {
  const runs: Figures[] = [];
  if (args.only !== 'postgres') runs.push(await onPglite());
  if (args.only !== 'pglite') {
    const r = await onPostgres();
    if (r) runs.push(r);
  }
  for (const r of runs) await record(r);
  console.table(
    Object.fromEntries(
      runs.map((r) => [
        `${r.label}, ${r.votes.toLocaleString('en')} votes`,
        {
          'query p50 ms': Number(ms(r.query.p50)),
          'query p99 ms': Number(ms(r.query.p99)),
          'HTTP p50 ms': Number(ms(r.http.p50)),
          'HTTP p99 ms': Number(ms(r.http.p99)),
          'next p50 ms': Number(ms(r.next.p50)),
          'next p99 ms': Number(ms(r.next.p99)),
        },
      ]),
    ),
  );
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
