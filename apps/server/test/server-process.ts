import { type ChildProcess, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { cpSync, mkdirSync, mkdtempSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ProcessEntry } from './compiled-entries.js';
import { provided } from './provided.js';
import { createTestDb } from './test-db.js';

const SERVER_DIR = fileURLToPath(new URL('..', import.meta.url));

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
  });
}

/**
 * A new DATA_DIR for a server process whose database is already migrated: a copy of the run's
 * template (test/global-setup.ts), or empty when there is none (the server then migrates at start).
 */
export function migratedDataDir(prefix = 'funkeln-data-'): string {
  return seedDataDir(mkdtempSync(join(tmpdir(), prefix)));
}

/** Fills `dir` (created if missing) with a copy of the run's migrated DATA_DIR template, if there is one. */
export function seedDataDir(dir: string): string {
  const template = provided('pgliteTemplateDataDir');
  if (template) cpSync(template, dir, { recursive: true });
  else mkdirSync(dir, { recursive: true });
  return dir;
}

/**
 * Where a server process keeps its data, to start it again on the same: a DATA_DIR of its own
 * (PGlite), or with TEST_DB=postgres a fresh database (and Redis under a prefix of its own when
 * TEST_REDIS_URL is set). `drop` removes the database after the test.
 */
export async function processStorage(): Promise<{ env: Record<string, string>; drop: () => Promise<void> }> {
  if (process.env.TEST_DB !== 'postgres') return { env: { DATA_DIR: migratedDataDir('funkeln-restart-') }, drop: async () => undefined };
  const { url, drop } = await createTestDb();
  const redis: Record<string, string> = process.env.TEST_REDIS_URL ? { REDIS_URL: process.env.TEST_REDIS_URL, REDIS_PREFIX: `r${randomUUID().slice(0, 8)}:` } : {};
  return { env: { DATABASE_URL: url!, ...redis }, drop };
}

/**
 * What node runs to start one of the programs: its build of this test run (test/compiled-entries.ts),
 * or the TypeScript through tsx as `npm start` does (`via: 'tsx'`, and where nothing was compiled).
 */
export function programArgs(entry: ProcessEntry, via: 'compiled' | 'tsx' = 'compiled'): string[] {
  const compiled = via === 'compiled' ? provided('compiledEntries')?.[entry] : undefined;
  return compiled ? [compiled] : ['--import', 'tsx', entry];
}

/**
 * Starts `src/main.ts` as a real server process and waits until /readyz answers 200: on `port`
 * (a restart on the same address) or a free one. env.PORT only goes to the process, so a test can
 * make it collide with another server. `entry` starts another program (src/cluster.ts: a primary with workers);
 * `nodeArgs` go to node before it (e.g. --cpu-prof, which NODE_OPTIONS refuses; cluster workers inherit them).
 * `via: 'tsx'` starts the TypeScript as `npm start` does instead of the run's compiled program.
 */
export async function startServerProcess(
  env: Record<string, string>,
  port?: string,
  entry: ProcessEntry = 'src/main.ts',
  nodeArgs: string[] = [],
  via: 'compiled' | 'tsx' = 'compiled',
) {
  port ??= String(await freePort());
  const child: ChildProcess = spawn(process.execPath, [...nodeArgs, ...programArgs(entry, via)], {
    cwd: SERVER_DIR,
    env: { PATH: process.env.PATH ?? '', NODE_ENV: 'test', LOG_LEVEL: process.env.SERVER_LOG_LEVEL ?? 'warn', HOST: '127.0.0.1', PORT: port, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = ''; // the JSON log lines
  child.stdout?.on('data', (d: Buffer) => {
    stdout += d.toString();
  });
  let stderr = '';
  child.stderr?.on('data', (d: Buffer) => {
    stderr += d.toString();
  });
  const base = `http://127.0.0.1:${port}`;
  const until = Date.now() + 90_000; // a cold start compiles the TypeScript; a busy 2-core CI box needs more than 30 s
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}: ${stderr}`);
    const ok = await fetch(`${base}/readyz`).then((r) => r.ok, () => false);
    if (ok) break;
    if (Date.now() > until) {
      child.kill('SIGKILL'); // never leave a half-started server behind
      throw new Error(`server did not become ready: ${stderr}`);
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    base,
    child,
    get stdout() {
      return stdout;
    },
    get stderr() {
      return stderr;
    },
    /** Sends SIGTERM and resolves with the exit code. */
    stop: () =>
      new Promise<number | null>((resolve) => {
        if (child.exitCode !== null) return resolve(child.exitCode);
        child.once('exit', (code) => resolve(code));
        child.kill('SIGTERM');
      }),
  };
}
