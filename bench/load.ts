/**
 * bench/load: the server as members use it, many at once. Simulated members (each its own account,
 * session and client address) arrive as an open Poisson process at a ramp of rates and each makes
 * a scripted visit with think times (bench/load/member.ts: app open with socket, 20-40 swipes,
 * inbox and a two-sided conversation with their match, Top10 votes, a Digital Friend turn).
 *
 * Two configurations, each a fresh database and a real server in its own process(es), the load
 * generator being this process:
 * - PGlite, --pglite-members (10,000), one server process (`src/main.ts`);
 * - PostgreSQL + Redis, --postgres-members (1,000,000), `src/cluster.ts` with --workers (2): what
 *   `npm run start:cluster` runs after its web build.
 * The population is bench/feed's (set-based, ids md5('fb:' || n)); the simulated members are
 * picked from it in matched pairs with sessions and bought credits (bench/load/population.ts).
 *
 * Before the ramp: a warm-up (40 members open the app, one after another: the server's code is
 * compiled and optimised as on a server that has been running), a pause of SETTLE_MS for the
 * server's start-up work (the feed index loading its members on the embedded database, the jobs'
 * first runs: traffic meets a running server, not one in its first second), then --bursts (5)
 * bursts, 2 s apart, of --burst (40) first feed pages requested at the same moment by members who
 * have sent nothing yet (fresh members each burst): the p99 over all of them, and each burst's own.
 *
 * Reports per endpoint (route template) p50/p95/p99/max and errors; per step the members active
 * (mean and peak, sampled each second) and the worst p99; the highest step at which every
 * endpoint's p99 stays under 100 ms; server CPU per visit (/proc of the server's process tree,
 * cluster workers included; and its write system calls, /proc's syscw, a count the box's speed
 * does not change) and, on PostgreSQL, the CPU of PostgreSQL's processes per visit;
 * server RSS peak; the load generator's own CPU (process.cpuUsage) and, per step, how late its
 * event loop ran (a late generator reads answers late: that much of every latency is its own);
 * per step, how busy the whole machine was (/proc/stat: server, database, Redis, generator and
 * anything else on the 2 cores); the box's speed before the run
 * (a bare Fastify hello-world's requests/s, bench/hello.ts: this 2-core machine has measured
 * 15,000-88,000 on different days, so each recorded figure carries it);
 * database transactions and rows per visit on PostgreSQL (pg_stat_database; where PostgreSQL
 * preloads pg_stat_statements, also statements per visit, planning and execution time per visit
 * and the statements that took most of it), PostgreSQL's WAL per visit (pg_stat_wal: bytes,
 * full-page images, sync time; with pg_walinspect, the relations and records the full-page images
 * were of: bench/load/pg-wal.ts), statements and
 * transactions per visit on PGlite with the statements that took most of its one connection
 * (the server's DB_STATS_FILE, bench/load/pglite-stats.ts); with Redis, its commands and
 * PUBLISHes per visit (INFO commandstats, bench/load/redis-commands.ts).
 *
 * Reproduce: `npm run bench:load`, or `npx tsx bench/load.ts [--only pglite|postgres]
 * [--pglite-members 10000] [--postgres-members 1000000] [--pglite-rates 1,2,3,4]
 * [--postgres-rates 8,12,12,12] [--members N] [--rates list] [--step 40] [--think 1] [--workers 2]
 * [--burst 40] [--bursts 5] [--dry] [--profile DIR]`; --members and --rates set both configurations' values;
 * --profile writes each server process's V8 CPU profile under DIR and prints the top items.
 * PostgreSQL: a server of the bench's own with the README's production settings, or BENCH_PG_URL's
 * (bench/pg-server.ts); the bench creates and drops the database funkeln_bench_load there. Redis: BENCH_REDIS_URL
 * (default redis://127.0.0.1:6379). Without either, that part is skipped.
 */
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { authEndpoints } from '@funkeln/contracts/routes/auth';
import { feedEndpoints } from '@funkeln/contracts/routes/feed';
import { call, closeClient, memberClient } from './load/http.js';
import { FEED_QUERY } from './load/member.js';
import { readOutcome } from './load/outcome.js';
import { readPgliteStats } from './load/pglite-stats.js';
import { enableStatementStats, printStatementTimes, readStatementTimes, type StatementTimes } from './load/pg-statements.js';
import { printCommandCounts, readCommandCounts } from './load/redis-commands.js';
import { printTableReads, readTableStats, type TableReads } from './load/pg-tables.js';
import { printWal, readWal, type WalReading } from './load/pg-wal.js';
import { boxSpeed, HELLO_CONNECTIONS } from './hello.js';
import { benchPostgres } from './pg-server.js';
import { printProfile } from './load/profile.js';
import { createSimMembers, generatePopulation, settleAfterLoad, type SimMember } from './load/population.js';
import { activeFigure, burstSpread, P99_BUDGET_MS, printReport, summarize, type RunReport } from './load/report.js';
import { feedBursts, runRamp, type Snapshot } from './load/scheduler.js';
import { databaseCpuSeconds, postmasterOf, processTree, startServer, treeCpuSeconds, treeNames, treeRssBytes, treeWriteCalls } from './load/server.js';
import { machineCpuSeconds } from './realtime/proc.js';
import { Stats } from './load/stats.js';
import { postgresBackend, pgliteBackend, type Backend } from './realtime/backends.js';
import { MACHINE, recordResult } from './results.js';

const { values: args } = parseArgs({
  options: {
    only: { type: 'string' },
    'pglite-members': { type: 'string', default: '10000' },
    'postgres-members': { type: 'string', default: '1000000' },
    'pglite-rates': { type: 'string', default: '1,2,3,4' },
    // A visit lasts ~85 s, two steps: a rate's first step ends with the members active still rising
    // (12/s: ~515 on average), so 12/s is held for two more, in which the active count settles at
    // that rate's steady state (Little's law: 12/s x ~85 s, ~1,000), the target's figure.
    'postgres-rates': { type: 'string', default: '8,12,12,12' },
    /** Seconds per ramp step. */
    step: { type: 'string', default: '40' },
    /** Think times scaled by this (1: a visit takes about a minute and a half). */
    think: { type: 'string', default: '1' },
    workers: { type: 'string', default: '2' },
    burst: { type: 'string', default: '40' },
    /** Bursts of --burst first pages, one after another (fresh members each). */
    bursts: { type: 'string', default: '5' },
    members: { type: 'string' },
    rates: { type: 'string' },
    /** Measure and print only; leave bench/RESULTS.md alone (e.g. for smaller populations). */
    dry: { type: 'boolean', default: false },
    /** Write the server processes' CPU profiles (node --cpu-prof) under this directory and print the top items. */
    profile: { type: 'string' },
  },
});

const STEP_SECONDS = Number(args.step);
const THINK = Number(args.think);
const BURST = Number(args.burst);
const BURSTS = Number(args.bursts);
const BURST_PAUSE_MS = 2000;
const WARMUP = 40;
const SETTLE_MS = 5000;
const DRAIN_TIMEOUT_MS = 240_000;
const REDIS_URL = process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379';
const REPO_ROOT = fileURLToPath(new URL('..', import.meta.url));
const log = (msg: string) => console.log(`[${new Date().toISOString().slice(11, 19)}] ${msg}`);
const rates = (list: string) => list.split(',').map(Number).filter((n) => n > 0);

/** Members needed: the warm-up, the burst, and the ramp's expected arrivals with a margin (even: pairs). */
function poolSize(ramp: number[]): number {
  const expected = ramp.reduce((sum, r) => sum + r * STEP_SECONDS, 0);
  return 2 * Math.ceil((WARMUP + BURST * BURSTS + expected * 1.3 + 20) / 2);
}

interface DbCounters {
  read(): Promise<Record<string, number> | undefined>;
  tables(): Promise<TableReads>;
  /** Per statement, where PostgreSQL preloads pg_stat_statements. */
  statements(): Promise<StatementTimes | undefined>;
  wal(): Promise<WalReading>;
  printWal(before: WalReading, after: WalReading, visits: number): Promise<{ walBytes: number; walImages: number }>;
  /** CPU seconds of the PostgreSQL server's processes so far (databaseCpuSeconds). */
  cpuSeconds(): number;
  close(): Promise<void>;
}

/** pg_stat_database of the bench database (through its own connection; one transaction per read, subtracted). */
async function postgresCounters(url: string): Promise<DbCounters> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const perStatement = await enableStatementStats(client);
  const postmaster = await postmasterOf(client);
  return {
    cpuSeconds: () => databaseCpuSeconds(postmaster),
    read: async () => {
      const { rows } = await client.query<{ xacts: string; rows_read: string; rows_written: string; sessions: string }>(
        `SELECT xact_commit + xact_rollback AS xacts, tup_returned + tup_fetched AS rows_read,
                tup_inserted + tup_updated + tup_deleted AS rows_written, sessions
           FROM pg_stat_database WHERE datname = current_database()`,
      );
      const row = rows[0];
      return row ? { xacts: Number(row.xacts), rows_read: Number(row.rows_read), rows_written: Number(row.rows_written), sessions: Number(row.sessions) } : undefined;
    },
    tables: () => readTableStats(client),
    statements: async () => (perStatement ? readStatementTimes(client) : undefined),
    wal: () => readWal(client),
    printWal: (before, after, visits) => printWal(client, before, after, visits),
    close: () => client.end(),
  };
}

async function warmUp(base: string, members: SimMember[]): Promise<void> {
  const stats = new Stats();
  for (const m of members) {
    const client = memberClient(base, m, () => stats);
    await call(client, authEndpoints.me);
    await call(client, feedEndpoints.feed, { query: FEED_QUERY });
    closeClient(client);
  }
  const bad = stats.figures().filter((f) => Object.keys(f.errors).length > 0);
  if (bad.length > 0) throw new Error(`warm-up failed: ${JSON.stringify(bad.map((f) => [f.endpoint, f.errors]))}`);
}

async function measure(backend: Backend, members: number, ramp: number[], workers: number | undefined): Promise<RunReport> {
  const { label } = backend;
  const t0 = performance.now();
  log(`${label}: generating ${members.toLocaleString('en')} members`);
  let pool: SimMember[];
  try {
    await generatePopulation(backend.db, members, log);
    pool = await createSimMembers(backend.db, poolSize(ramp));
    await settleAfterLoad(backend.db);
  } finally {
    await backend.db.close(); // the server opens its own connections (on PGlite, the same files)
  }
  log(`${label}: population and ${pool.length} simulated members ready in ${((performance.now() - t0) / 1000).toFixed(0)} s`);
  const helloRps = await boxSpeed();
  log(`${label}: this box serves a bare Fastify hello-world at ${helloRps.toFixed(0)} req/s (${HELLO_CONNECTIONS} connections)`);
  const since = new Date();
  const profileDir = args.profile ? resolve(args.profile, label.replace(/\W+/g, '-')) : undefined;
  const dbStatsFile = backend.env.DATABASE_URL ? undefined : resolve(backend.env.DATA_DIR ?? '.', 'db-stats.json');
  const server = await startServer({ ...backend.env, ...(dbStatsFile ? { DB_STATS_FILE: dbStatsFile } : {}) }, workers, profileDir);
  const counters = backend.env.DATABASE_URL ? await postgresCounters(backend.env.DATABASE_URL) : undefined;
  let report: RunReport;
  try {
    const root = server.child.pid ?? 0;
    const tree = () => processTree(root);
    log(`${label}: server up (processes: ${treeNames(tree()).join(', ')}); warm-up`);
    await warmUp(server.base, pool.slice(0, WARMUP));
    await new Promise((r) => setTimeout(r, SETTLE_MS));
    const groups = Array.from({ length: BURSTS }, (_, i) => pool.slice(WARMUP + i * BURST, WARMUP + (i + 1) * BURST));
    const burst = await feedBursts(server.base, groups, BURST_PAUSE_MS);
    log(`${label}: ${BURSTS} bursts of ${BURST} first feed pages: p99 ${burst.figures.p99.toFixed(1)} ms (each burst's: ${burst.p99s.map((p) => p.toFixed(0)).join(', ')}); ramp ${ramp.join(', ')} arrivals/s, ${STEP_SECONDS} s each`);
    const snapshot = (): Snapshot => {
      const cpu = process.cpuUsage();
      const dbCpu = counters?.cpuSeconds();
      const pids = tree();
      return {
        at: Date.now(),
        serverCpu: treeCpuSeconds(pids),
        serverWrites: treeWriteCalls(pids),
        generatorCpu: (cpu.user + cpu.system) / 1e6,
        machine: machineCpuSeconds(),
        ...(dbCpu === undefined ? {} : { dbCpu }),
      };
    };
    const dbBefore = await counters?.read();
    const tablesBefore = await counters?.tables();
    const statementsBefore = await counters?.statements();
    const walBefore = await counters?.wal();
    const redisUrl = backend.env.REDIS_URL;
    const redisBefore = redisUrl ? await readCommandCounts(redisUrl) : undefined;
    const wall0 = performance.now();
    const steps = await runRamp({
      base: server.base,
      pool: pool.slice(WARMUP + BURST * BURSTS),
      rates: ramp,
      stepSeconds: STEP_SECONDS,
      thinkScale: THINK,
      snapshot,
      rss: () => treeRssBytes(tree()),
      log,
      drainTimeoutMs: DRAIN_TIMEOUT_MS,
    });
    const wallSeconds = (performance.now() - wall0) / 1000;
    const visits = steps.reduce((n, step) => n + step.finished, 0);
    const redis = redisUrl && redisBefore ? printCommandCounts(redisBefore, await readCommandCounts(redisUrl), visits) : undefined;
    let db: RunReport['db'] = 'not measured';
    if (counters && dbBefore) {
      await new Promise((r) => setTimeout(r, 11_000)); // idle backends flush their statistics within 10 s
      const walAfter = await counters.wal();
      const after = (await counters.read()) ?? {};
      db = Object.fromEntries(Object.entries(after).map(([k, v]) => [k, v - (dbBefore[k] ?? 0)]));
      if (tablesBefore) printTableReads(tablesBefore, await counters.tables());
      if (walBefore) Object.assign(db, await counters.printWal(walBefore, walAfter, visits));
      const statementsAfter = statementsBefore && (await counters.statements());
      if (statementsBefore && statementsAfter) {
        db.pg_statements = printStatementTimes(statementsBefore, statementsAfter, visits).statements;
      }
    }
    const first = steps[0];
    const last = steps.at(-1);
    const generatorCpu = first && last ? last.end.generatorCpu - first.start.generatorCpu : 0;
    report = { label, members, steps, burst, generatorCpu, wallSeconds, db, since, outcome: {}, helloRps, ...(redis ? { redis } : {}) };
  } finally {
    await counters?.close();
    const code = await server.stop();
    if (code !== 0) log(`${label}: server exited with ${code}: ${server.stderr.slice(-2000)}`);
    if (profileDir) printProfile(profileDir, REPO_ROOT);
  }
  if (dbStatsFile) report.db = readPgliteStats(dbStatsFile);
  return report;
}

/** A configuration's run and what its rows in bench/RESULTS.md say beside the figures. */
interface Recorded {
  report: RunReport;
  configuration: string;
  activeTarget: string;
  burstTarget: string;
  /** The PostgreSQL server's settings (bench/pg-server.ts). */
  settings?: string;
}

async function record(run: Recorded): Promise<void> {
  const { report: r, configuration, activeTarget, burstTarget } = run;
  const { members } = r;
  const s = summarize(r);
  const benchmark = `load (${configuration}, ${members.toLocaleString('en')} members)`;
  const reproduce = 'npm run bench:load';
  // Every figure with the box's speed at the time (hello-world req/s): the same machine has measured 15,000-88,000.
  const box = `; box: hello-world ${r.helloRps.toFixed(0)} req/s`;
  const row = (metric: string, value: string, target: string) => recordResult({ benchmark, metric, value: `${value}${box}`, target, machine: MACHINE, reproduce });
  await row(`highest arrival rate with every endpoint p99 < ${P99_BUDGET_MS} ms`, activeFigure(s, r.steps), activeTarget);
  await row(`${r.burst.size} first feed pages at once, p99`, `${r.burst.figures.p99.toFixed(1)} ms over ${burstSpread(r.burst)}`, burstTarget);
  await row('server CPU per member visit', `${s.serverCpuMsPerSession.toFixed(0)} ms, ${s.serverWritesPerSession.toFixed(0)} write system calls`, '-');
  if (s.dbCpuMsPerSession !== undefined) await row('PostgreSQL CPU per member visit', `${s.dbCpuMsPerSession.toFixed(0)} ms`, '-');
  await row('server RSS peak', `${s.rssPeakMiB.toFixed(0)} MiB`, '-');
  await row('load generator CPU', `${s.generatorCorePercent.toFixed(0)} % of one core`, '-');
  if (run.settings) await row('PostgreSQL server', run.settings, '-');
  if (r.redis) await row('Redis commands per visit', `${r.redis.commands.toFixed(0)} (${r.redis.publishes.toFixed(1)} PUBLISH, each heard by every process)`, '-');
  if (typeof r.db !== 'string') {
    const per = (k: string) => ((r.db as Record<string, number>)[k] ?? 0) / Math.max(1, s.sessions);
    if (r.db.statements !== undefined) {
      await row('database statements per visit', `${per('statements').toFixed(0)} (${per('xacts').toFixed(1)} transactions, ${per('statement_ms').toFixed(0)} ms of the one connection)`, '-');
    } else {
      const statements = r.db.pg_statements === undefined ? '' : `, ${per('pg_statements').toFixed(0)} statements`;
      await row('database transactions per visit', `${per('xacts').toFixed(0)} (rows written ${per('rows_written').toFixed(1)}${statements})`, '-');
      if (r.db.walBytes !== undefined) await row('PostgreSQL WAL per visit', `${(per('walBytes') / 1024).toFixed(0)} KB, ${per('walImages').toFixed(1)} full-page images`, '-');
    }
  }
}

async function main(): Promise<void> {
  const reports: Recorded[] = [];
  if (args.only !== 'postgres') {
    const members = Number(args.members ?? args['pglite-members']);
    const backend = await pgliteBackend();
    try {
      const report = await measure(backend, members, rates(args.rates ?? args['pglite-rates']), undefined);
      report.outcome = await readOutcome(backend.env, report.since);
      reports.push({ report, configuration: 'PGlite', activeTarget: '>= 200 active', burstTarget: '< 100 ms' });
    } finally {
      await backend.dispose();
    }
  }
  if (args.only !== 'pglite') {
    const members = Number(args.members ?? args['postgres-members']);
    const postgres = await benchPostgres(log);
    try {
      const backend = await postgresBackend(postgres.adminUrl, 'funkeln_bench_load', REDIS_URL, log);
      if (backend) {
        backend.env.REDIS_PREFIX = `bench-load-${process.pid}:`;
        try {
          const report = await measure(backend, members, rates(args.rates ?? args['postgres-rates']), Number(args.workers));
          report.outcome = await readOutcome(backend.env, report.since);
          const configuration = `PostgreSQL + Redis, ${args.workers} workers`;
          reports.push({ report, configuration, activeTarget: '>= 1,000 active', burstTarget: '-', settings: postgres.settings });
        } finally {
          await backend.dispose();
        }
      }
    } finally {
      await postgres.stop();
    }
  }
  for (const { report } of reports) printReport(report, summarize(report));
  if (args.dry) return;
  for (const r of reports) await record(r);
  console.log('\nRecorded in bench/RESULTS.md');
}

main().then(
  () => process.exit(0), // visits left behind by the drain timeout must not keep the process alive
  (err: unknown) => {
    console.error(err);
    process.exit(1);
  },
);
