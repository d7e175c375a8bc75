/**
 * bench/endpoints: where a visit's CPU goes, endpoint by endpoint. bench/load measures the whole
 * visit (server and PostgreSQL CPU per visit); this takes the same visit apart: every simulated
 * member takes the visit's first step, then all take the second, and so on (me, first feed page,
 * unread count, socket, swipes of each kind, the next page, inbox and conversation, two messages,
 * the Top10 and a vote, a Digital Friend turn), --concurrency (8) members at a time. Per step:
 * server CPU per call (/proc of the server's process tree: the cluster's primary and workers, user
 * and system), PostgreSQL CPU per call (its server's processes), statements per call
 * (pg_stat_statements, where PostgreSQL preloads it) and Redis commands per call (INFO's
 * total_commands_processed, which counts the commands a script runs too).
 *
 * The server is `src/cluster.ts` with --workers (2) on PostgreSQL + Redis with --members
 * (1,000,000) members, the population and simulated members of bench/load. The first --warm (100)
 * members take every step unmeasured first: the server's code is compiled and optimised, as on a
 * server that has been running. Each member then makes each call once, as in a visit: their
 * session is read on its first call in each worker, as it is for a member who opens the app.
 *
 * Reproduce: `npm run bench:endpoints`, or `npx tsx bench/endpoints.ts [--members 1000000]
 * [--sims 1000] [--warm 100] [--concurrency 8] [--workers 2] [--dry]`. PostgreSQL: a server of the
 * bench's own with the README's production settings, or BENCH_PG_URL's (bench/pg-server.ts); the
 * bench creates and drops the database funkeln_bench_endpoints there. Redis: BENCH_REDIS_URL (default redis://127.0.0.1:6379).
 */
import { randomUUID } from 'node:crypto';
import { parseArgs } from 'node:util';
import { Redis } from 'ioredis';
import pg from 'pg';
import type { Socket } from 'socket.io-client';
import { authEndpoints } from '@funkeln/contracts/routes/auth';
import { companionEndpoints } from '@funkeln/contracts/routes/companion';
import { feedEndpoints } from '@funkeln/contracts/routes/feed';
import { leaderboardEndpoints } from '@funkeln/contracts/routes/leaderboard';
import { messagesEndpoints } from '@funkeln/contracts/routes/messages';
import { swipesEndpoints } from '@funkeln/contracts/routes/swipes';
import { IDEMPOTENCY_HEADER } from '@funkeln/contracts/wallet';
import { boxSpeed, HELLO_CONNECTIONS } from './hello.js';
import { call, closeClient, json, memberClient, type MemberClient } from './load/http.js';
import { CATEGORY, COMPANION_QUESTION, FEED_QUERY, openSocket } from './load/member.js';
import { enableStatementStats } from './load/pg-statements.js';
import { createSimMembers, generatePopulation, settleAfterLoad, type SimMember } from './load/population.js';
import { databaseCpuSeconds, postmasterOf, processTree, startServer, treeCpuSeconds } from './load/server.js';
import { Stats } from './load/stats.js';
import { benchPostgres } from './pg-server.js';
import { postgresBackend } from './realtime/backends.js';
import { MACHINE, recordResult } from './results.js';

const { values: args } = parseArgs({
  options: {
    members: { type: 'string', default: '1000000' },
    sims: { type: 'string', default: '1000' },
    warm: { type: 'string', default: '100' },
    concurrency: { type: 'string', default: '8' },
    workers: { type: 'string', default: '2' },
    dry: { type: 'boolean', default: false },
  },
});

const REDIS_URL = process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379';
const log = (msg: string) => console.log(`[${new Date().toISOString().slice(11, 19)}] ${msg}`);

/** What a member's earlier steps handed to the later ones. */
interface MemberState {
  client: MemberClient;
  member: SimMember;
  cards: { id: string }[];
  cursor: string | null;
  socket?: Socket;
  candidate?: string;
  companion?: string;
}

/** One step of the visit for one member; answers how many calls it made (0: nothing to do). */
interface Step {
  name: string;
  run(m: MemberState): Promise<number>;
}

const once = (p: Promise<unknown>) => p.then(() => 1);

const swipe = (position: number, type: 'skip' | 'like' | 'flirt'): Step => ({
  name: `POST /api/likes/:id (card ${position + 1}, ${type})`,
  run: async (m) => {
    const card = m.cards[position];
    if (!card) return 0;
    return once(call(m.client, swipesEndpoints.swipe, { params: { id: card.id }, query: { type } }));
  },
});

const send = (prepaid: boolean): Step => ({
  name: `POST /api/messages/:recipientId (${prepaid ? 'a man\'s first, reply prepaid' : 'plain'})`,
  run: (m) =>
    once(
      call(m.client, messagesEndpoints.send, {
        params: { recipientId: m.member.partnerId },
        body: { body: 'Hallo! Nachricht von mir.', prepaidReply: prepaid && m.member.gender === 'male' ? 10 : 0, clientId: randomUUID() },
      }),
    ),
});

/** The visit of bench/load/member.ts, step by step (its swipe mix: 70 % skip, 25 % like, 5 % flirt). */
const STEPS: Step[] = [
  { name: 'GET /api/me', run: (m) => once(call(m.client, authEndpoints.me)) },
  {
    name: 'GET /api/feed (first page)',
    run: async (m) => {
      const page = await call(m.client, feedEndpoints.feed, { query: FEED_QUERY });
      m.cards = json<{ id: string }[]>(page) ?? [];
      m.cursor = page.headers.get('x-next-cursor');
      return 1;
    },
  },
  { name: 'GET /api/messages/unread', run: (m) => once(call(m.client, messagesEndpoints.unread)) },
  {
    name: 'WS connect',
    run: async (m) => {
      m.socket = await openSocket(m.client);
      return 1;
    },
  },
  swipe(0, 'skip'),
  swipe(1, 'like'),
  swipe(2, 'skip'),
  swipe(3, 'flirt'),
  swipe(4, 'skip'),
  {
    name: 'GET /api/feed (next page)',
    run: async (m) => (m.cursor ? once(call(m.client, feedEndpoints.feed, { query: { ...FEED_QUERY, cursor: m.cursor } })) : 0),
  },
  { name: 'GET /api/messages', run: (m) => once(call(m.client, messagesEndpoints.inbox)) },
  { name: 'GET /api/conversations', run: (m) => once(call(m.client, messagesEndpoints.conversations)) },
  { name: 'GET /api/conversations/:memberId', run: (m) => once(call(m.client, messagesEndpoints.conversation, { params: { memberId: m.member.partnerId } })) },
  { name: 'POST /api/conversations/:memberId/read', run: (m) => once(call(m.client, messagesEndpoints.markRead, { params: { memberId: m.member.partnerId } })) },
  { name: 'GET /api/conversations/:memberId/compose', run: (m) => once(call(m.client, messagesEndpoints.compose, { params: { memberId: m.member.partnerId } })) },
  send(true),
  send(false),
  { name: 'GET /api/leaderboard/:category', run: (m) => once(call(m.client, leaderboardEndpoints.leaderboard, { params: { category: CATEGORY } })) },
  {
    name: 'GET /api/votes/next',
    run: async (m) => {
      const next = json<{ candidate: { photoId: string } | null }>(await call(m.client, leaderboardEndpoints.nextVote, { query: { category: CATEGORY } }));
      m.candidate = next?.candidate?.photoId;
      return 1;
    },
  },
  {
    name: 'POST /api/votes',
    run: async (m) => (m.candidate ? once(call(m.client, leaderboardEndpoints.vote, { body: { photoId: m.candidate, category: CATEGORY } })) : 0),
  },
  { name: 'GET /api/ai/df/conversations', run: (m) => once(call(m.client, companionEndpoints.conversations)) },
  {
    name: 'POST /api/ai/df/start',
    run: async (m) => {
      m.companion = json<{ id: string }>(await call(m.client, companionEndpoints.start))?.id;
      return 1;
    },
  },
  {
    name: 'POST /api/ai/df/:id/message/stream',
    run: async (m) =>
      m.companion
        ? once(
            call(m.client, companionEndpoints.messageStream, {
              params: { id: m.companion },
              body: { content: COMPANION_QUESTION },
              headers: { [IDEMPOTENCY_HEADER]: randomUUID() },
            }),
          )
        : 0,
  },
  {
    name: 'WS close',
    run: async (m) => {
      m.socket?.close();
      return m.socket ? 1 : 0;
    },
  },
];

interface StepFigures {
  name: string;
  calls: number;
  serverUs: number;
  databaseUs: number;
  statements: number | undefined;
  redisCommands: number;
}

interface Counters {
  server: number;
  database: number;
  statements: number | undefined;
  redis: number;
}

async function forEachMember(members: MemberState[], concurrency: number, fn: (m: MemberState) => Promise<number>): Promise<number> {
  let next = 0;
  let calls = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < members.length) {
        const m = members[next++];
        if (!m) continue;
        const made = await fn(m); // not `calls += await`: that reads calls before the await and loses the others' counts
        calls += made;
      }
    }),
  );
  return calls;
}

async function main(): Promise<void> {
  const sims = Number(args.sims);
  const warm = Number(args.warm);
  const postgres = await benchPostgres(log);
  try {
    await measureEndpoints(sims, warm, postgres.adminUrl);
  } finally {
    await postgres.stop();
  }
}

async function measureEndpoints(sims: number, warm: number, adminUrl: string): Promise<void> {
  const backend = await postgresBackend(adminUrl, 'funkeln_bench_endpoints', REDIS_URL, log);
  if (!backend) return;
  backend.env.REDIS_PREFIX = `bench-endpoints-${process.pid}:`;
  try {
    log(`generating ${Number(args.members).toLocaleString('en')} members`);
    let pool: SimMember[];
    try {
      await generatePopulation(backend.db, Number(args.members), log);
      pool = await createSimMembers(backend.db, 2 * Math.ceil((sims + warm) / 2));
      await settleAfterLoad(backend.db);
    } finally {
      await backend.db.close();
    }
    const helloRps = await boxSpeed();
    log(`this box serves a bare Fastify hello-world at ${helloRps.toFixed(0)} req/s (${HELLO_CONNECTIONS} connections)`);
    const server = await startServer(backend.env, Number(args.workers));
    const database = new pg.Client({ connectionString: backend.env.DATABASE_URL });
    await database.connect();
    const redis = new Redis(REDIS_URL);
    const stats = new Stats();
    const states = pool.map(
      (member): MemberState => ({ member, client: memberClient(server.base, member, () => stats), cards: [], cursor: null }),
    );
    try {
      const perStatement = await enableStatementStats(database);
      const postmaster = await postmasterOf(database);
      const read = async (): Promise<Counters> => {
        const statements = perStatement
          ? Number(
              (await database.query<{ n: string }>('SELECT sum(calls) AS n FROM pg_stat_statements WHERE dbid = (SELECT oid FROM pg_database WHERE datname = current_database())'))
                .rows[0]?.n ?? 0,
            )
          : undefined;
        const redisCommands = Number(/total_commands_processed:(\d+)/.exec(await redis.info('stats'))?.[1] ?? 0);
        return { server: treeCpuSeconds(processTree(server.child.pid ?? 0)), database: databaseCpuSeconds(postmaster), statements, redis: redisCommands };
      };
      const concurrency = Number(args.concurrency);
      log(`server up; ${warm} members take every step first (warm-up), then ${sims} members step by step, ${concurrency} at a time`);
      for (const step of STEPS) await forEachMember(states.slice(0, warm), concurrency, step.run);
      const measured = states.slice(warm);
      const figures: StepFigures[] = [];
      for (const step of STEPS) {
        await new Promise((r) => setTimeout(r, 1000)); // the previous step's background work (refills, announcements) ends
        const before = await read();
        const calls = await forEachMember(measured, concurrency, step.run);
        await new Promise((r) => setTimeout(r, 300));
        const after = await read();
        if (calls === 0) continue;
        figures.push({
          name: step.name,
          calls,
          serverUs: ((after.server - before.server) * 1e6) / calls,
          databaseUs: ((after.database - before.database) * 1e6) / calls,
          // The reading's own statement and command are not the step's.
          statements: after.statements === undefined || before.statements === undefined ? undefined : (after.statements - before.statements - 1) / calls,
          redisCommands: (after.redis - before.redis - 1) / calls,
        });
      }
      const failed = stats.figures().filter((f) => Object.keys(f.errors).length > 0);
      if (failed.length > 0) throw new Error(`calls failed: ${JSON.stringify(failed.map((f) => [f.endpoint, f.errors]))}`);
      console.log(`\nCPU per call, ${measured.length} members each calling once (box: hello-world ${helloRps.toFixed(0)} req/s):`);
      console.log(`${'step'.padEnd(58)} ${'calls'.padStart(6)} ${'server µs'.padStart(10)} ${'PG µs'.padStart(8)} ${'stmts'.padStart(6)} ${'redis'.padStart(6)}`);
      for (const f of figures) {
        console.log(
          `${f.name.padEnd(58)} ${String(f.calls).padStart(6)} ${f.serverUs.toFixed(0).padStart(10)} ${f.databaseUs.toFixed(0).padStart(8)} ${(f.statements?.toFixed(2) ?? '-').padStart(6)} ${f.redisCommands.toFixed(2).padStart(6)}`,
        );
      }
      if (args.dry) return;
      for (const f of figures) {
        await recordResult({
          benchmark: 'endpoints',
          metric: `${f.name}: CPU per call (PostgreSQL + Redis, ${args.workers} workers, ${Number(args.members).toLocaleString('en')} members)`,
          value: `server ${(f.serverUs / 1000).toFixed(2)} ms + PostgreSQL ${(f.databaseUs / 1000).toFixed(2)} ms; ${f.statements?.toFixed(2) ?? '?'} statements, ${f.redisCommands.toFixed(2)} Redis commands (box: hello-world ${helloRps.toFixed(0)} req/s)`,
          target: '-',
          machine: MACHINE,
          reproduce: 'npm run bench:endpoints',
        });
      }
      console.log('\nRecorded in bench/RESULTS.md');
    } finally {
      for (const state of states) closeClient(state.client);
      await database.end();
      await redis.quit();
      await server.stop();
    }
  } finally {
    await backend.dispose();
  }
}

main().then(
  () => process.exit(0),
  (err: unknown) => {
    console.error(err);
    process.exit(1);
  },
);
