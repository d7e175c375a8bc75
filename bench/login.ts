/**
 * bench/login: login throughput of POST /api/auth/login with the app's argon2id parameters
 * (apps/server/src/modules/auth/passwords.ts; OWASP: m=19456 KiB, t=2, p=1), through the real
 * HTTP stack of a real server process on a fresh embedded database (PGlite).
 *
 * Members: --members verified accounts, each with a real argon2id hash made by the app's own
 * hashPassword (set-based insert into the database before the server starts). Load: autocannon in
 * this process (the server is a separate process) at --connections concurrent logins for
 * --duration seconds, every request a different member in turn and a different client address in
 * X-Forwarded-For (the server runs with TRUST_PROXY=true), so the production per-address login
 * limit (100 per 15 minutes) stays as it is and never trips. Every answer must be 200 with a token.
 *
 * Reports logins/s, logins/s per core (os.availableParallelism()), p50/p99 latency, and the
 * server process's CPU time over the run (/proc/<pid>/stat) with logins per CPU-second it got:
 * on a machine shared with other work, that one says what a core yields. argon2 runs in libuv's thread pool: the server gets
 * UV_THREADPOOL_SIZE from --threadpool (default: this process's UV_THREADPOOL_SIZE, else libuv's
 * default 4), and the figure names the value that ran.
 *
 * Reproduce: `npm run bench:login`, or `npx tsx bench/login.ts [--members 200] [--connections 8]
 * [--duration 10] [--threadpool 4] [--dry]`.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { createPgliteDb } from '../apps/server/src/db/client.js';
import { migrate } from '../apps/server/src/db/migrate.js';
import { ARGON2_OPTIONS, hashPassword } from '../apps/server/src/modules/auth/passwords.js';
import { startServerProcess } from '../apps/server/test/server-process.js';
import { cpuSeconds } from './realtime/proc.js';
import { MACHINE, recordResult } from './results.js';

const { values: args } = parseArgs({
  options: {
    members: { type: 'string', default: '200' },
    connections: { type: 'string', default: '8' },
    duration: { type: 'string', default: '10' },
    threadpool: { type: 'string', default: process.env.UV_THREADPOOL_SIZE ?? '4' },
    /** Measure and print only; leave bench/RESULTS.md alone. */
    dry: { type: 'boolean', default: false },
  },
});

const MEMBERS = Number(args.members);
const CONNECTIONS = Number(args.connections);
const DURATION_S = Number(args.duration);
const THREADPOOL = args.threadpool;
const PASSWORD = 'bench-login-Passwort-1';
const CORES = availableParallelism();
const OWASP = 'm=19456,t=2,p=1';
const log = (msg: string) => console.log(`[${new Date().toISOString().slice(11, 19)}] ${msg}`);

const email = (i: number) => `login${i}@bench.funkeln.test`;

/** Verified members with the app's own argon2id hashes; returns the parameters found in a hash. */
async function createMembers(dataDir: string): Promise<string> {
  const db = createPgliteDb(join(dataDir, 'pglite'));
  try {
    await migrate(db);
    const t0 = performance.now();
    const hashes = await Promise.all(Array.from({ length: MEMBERS }, () => hashPassword(PASSWORD)));
    log(`${MEMBERS} argon2id hashes in ${((performance.now() - t0) / 1000).toFixed(1)} s (this process)`);
    await db.query(
      `INSERT INTO users (id, email, email_verified, password_hash, display_name)
       SELECT gen_random_uuid(), e, true, h, 'Login Bench'
         FROM unnest($1::text[], $2::text[]) AS t(e, h)`,
      [Array.from({ length: MEMBERS }, (_, i) => email(i)), hashes],
    );
    const params = /^\$argon2id\$v=\d+\$(m=\d+,t=\d+,p=\d+)\$/.exec(hashes[0] ?? '');
    if (!params?.[1]) throw new Error(`not an argon2id hash: ${hashes[0]?.slice(0, 30) ?? ''}`);
    return params[1];
  } finally {
    await db.close();
  }
}

interface Run {
  logins: number;
  seconds: number;
  p50: number;
  p99: number;
  max: number;
  statuses: Record<string, number>;
  errors: number;
}

/** One autocannon run; each request logs in the next member from the next client address. */
async function load(base: string, durationS: number): Promise<Run> {
  let n = 0;
  const r = await autocannon({
    url: base,
    connections: CONNECTIONS,
    duration: durationS,
    requests: [
      {
        method: 'POST',
        path: '/api/auth/login',
        setupRequest: (req) => {
          const i = n++;
          return {
            ...req,
            headers: {
              'content-type': 'application/json',
              'x-forwarded-for': `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`,
            },
            body: JSON.stringify({ email: email(i % MEMBERS), password: PASSWORD }),
          };
        },
      },
    ],
  });
  const statuses: Record<string, number> = {};
  for (const [key, s] of Object.entries(r.statusCodeStats ?? {})) statuses[key] = s.count ?? 0;
  return {
    logins: statuses['200'] ?? 0,
    seconds: r.duration,
    p50: r.latency.p50,
    p99: r.latency.p99,
    max: r.latency.max,
    statuses,
    errors: r.errors + r.timeouts + r.non2xx,
  };
}

async function main(): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), 'funkeln-bench-login-'));
  try {
    const params = await createMembers(dataDir);
    log(`argon2id parameters in the app's hashes: ${params} (ARGON2_OPTIONS ${JSON.stringify(ARGON2_OPTIONS)}; OWASP ${OWASP})`);
    if (params !== OWASP) log(`WARNING: the app's argon2id parameters ${params} differ from OWASP's ${OWASP}`);
    const server = await startServerProcess({ DATA_DIR: dataDir, TRUST_PROXY: 'true', UV_THREADPOOL_SIZE: THREADPOOL });
    try {
      const pid = server.child.pid ?? 0;
      log(`server pid ${pid} (UV_THREADPOOL_SIZE=${THREADPOOL}); warming up 3 s`);
      const warm = await load(server.base, 3);
      if (warm.logins === 0 || warm.errors > 0) throw new Error(`warm-up: ${JSON.stringify(warm)}`);
      log(`measuring: ${CONNECTIONS} connections, ${DURATION_S} s`);
      const cpu0 = cpuSeconds(pid);
      const run = await load(server.base, DURATION_S);
      const serverCpu = cpuSeconds(pid) - cpu0;
      if (run.errors > 0 || run.logins === 0) throw new Error(`login run failed: ${JSON.stringify(run)}`);
      const rate = run.logins / run.seconds;
      const perCore = rate / CORES;
      const serverCores = serverCpu / run.seconds;
      // Logins per CPU-second the server actually got: what a core yields, whatever else the machine runs.
      const perCpuSecond = run.logins / serverCpu;
      console.table({
        login: {
          members: MEMBERS,
          connections: CONNECTIONS,
          'UV_THREADPOOL_SIZE': Number(THREADPOOL),
          logins: run.logins,
          'logins/s': Number(rate.toFixed(1)),
          [`logins/s per core (${CORES})`]: Number(perCore.toFixed(1)),
          'p50 ms': run.p50,
          'p99 ms': run.p99,
          'max ms': run.max,
          'server CPU (cores busy)': Number(serverCores.toFixed(2)),
          'logins per server CPU-s': Number(perCpuSecond.toFixed(1)),
        },
      });
      if (args.dry) return;
      const base = { benchmark: 'login', machine: MACHINE, reproduce: 'npm run bench:login' };
      const scope = `argon2id ${params}, PGlite, ${MEMBERS} members, ${CONNECTIONS} connections, UV_THREADPOOL_SIZE=${THREADPOOL}`;
      await recordResult({
        ...base,
        metric: `POST /api/auth/login throughput per core, ${scope}`,
        value: `${perCore.toFixed(1)} logins/s per core = ${rate.toFixed(1)} logins/s on ${CORES} cores (${run.logins} logins in ${run.seconds} s; the server process got ${serverCores.toFixed(2)} cores = ${perCpuSecond.toFixed(1)} logins per CPU-second; client on the same machine)`,
        target: '>= 20/s per core',
      });
      await recordResult({
        ...base,
        metric: `POST /api/auth/login latency, ${scope}`,
        value: `p50 ${run.p50} ms, p99 ${run.p99} ms (${run.logins} logins)`,
        target: '-',
      });
    } finally {
      await server.stop();
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
