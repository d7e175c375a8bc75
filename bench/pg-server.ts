/**
 * The PostgreSQL server the load benches (bench:load, bench:endpoints) measure against.
 *
 * BENCH_PG_URL set: that server, as it is configured (its admin connection).
 * Unset: a server of the bench's own, started from this machine's PostgreSQL binaries in a temporary
 * directory on a free port and removed afterwards, with the settings the README asks production to
 * use (productionSettings, sized for this machine's memory). Measuring 1,000,000 members against
 * the distribution's stock settings (128 MB shared buffers for a database of several GB, a
 * checkpoint every 5 minutes, uncompressed full-page images) measures those settings: commits
 * queued behind WAL flushes of full-page images with half the CPU idle
 * (docs/decisions/0018-postgresql-wal-under-load.md). Durability stays as in production: fsync,
 * full-page writes and synchronous commits are on.
 * No binaries (or no way to run them): the machine's server at postgres://postgres@127.0.0.1:5432/test,
 * said in the log.
 */
import { execFile, execFileSync } from 'node:child_process';
import { appendFileSync, chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir, totalmem } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);
const MACHINE_SERVER = 'postgres://postgres@127.0.0.1:5432/test';
const MiB = 1024 * 1024;

export interface BenchPostgres {
  /** A superuser's connection to an existing database of the server. */
  adminUrl: string;
  /** How the server is configured, for the log and bench/RESULTS.md. */
  settings: string;
  stop(): Promise<void>;
}

/**
 * What a PostgreSQL server for Funkeln should set beyond the defaults, for a machine with
 * `memoryBytes` of RAM that runs PostgreSQL beside the app (the README's "Running several processes").
 */
export function productionSettings(memoryBytes: number): Record<string, string> {
  const share = (fraction: number, capMiB: number) => `${Math.min(capMiB, Math.floor((memoryBytes * fraction) / MiB))}MB`;
  return {
    shared_buffers: share(0.25, 8192), // the hot tables and indexes of 1,000,000 members stay in PostgreSQL's own cache
    effective_cache_size: share(0.6, 65536),
    wal_buffers: '64MB',
    wal_compression: 'lz4', // full-page images after each checkpoint are most of the WAL's bytes
    checkpoint_timeout: '15min', // fewer checkpoints: fewer full-page images, at the price of a longer crash recovery
    max_wal_size: '8GB',
    min_wal_size: '1GB',
  };
}

/** What the bench adds for itself: where it listens, and the statistics its report reads. */
function benchOnlySettings(port: number, socketDir: string): Record<string, string> {
  return {
    port: String(port),
    listen_addresses: "'127.0.0.1'",
    unix_socket_directories: `'${socketDir}'`,
    shared_preload_libraries: "'pg_stat_statements'",
    track_wal_io_timing: 'on',
  };
}

export async function benchPostgres(log: (msg: string) => void): Promise<BenchPostgres> {
  const given = process.env.BENCH_PG_URL;
  if (given) return { adminUrl: given, settings: 'BENCH_PG_URL, its own settings', stop: async () => undefined };
  const own = await startOwnServer(log);
  if (own) return own;
  log(`PostgreSQL: no server of the bench's own; the machine's (${MACHINE_SERVER}) with its settings`);
  return { adminUrl: MACHINE_SERVER, settings: "the machine's server, its own settings", stop: async () => undefined };
}

/** The newest PostgreSQL's binaries: BENCH_PG_BIN, Debian's /usr/lib/postgresql/<version>/bin, or pg_config's. */
function binDir(): string | undefined {
  if (process.env.BENCH_PG_BIN) return process.env.BENCH_PG_BIN;
  const debian = '/usr/lib/postgresql';
  if (existsSync(debian)) {
    const versions = readdirSync(debian).filter((v) => existsSync(join(debian, v, 'bin', 'initdb')));
    const newest = versions.sort((a, b) => Number(b) - Number(a))[0];
    if (newest) return join(debian, newest, 'bin');
  }
  try {
    return execFileSync('pg_config', ['--bindir'], { encoding: 'utf8' }).trim();
  } catch {
    return undefined;
  }
}

/** PostgreSQL refuses to run as root: as root, its commands run as the system's postgres user. */
function runAs(): { prefix: string[]; uid: number; gid: number } | undefined {
  if (process.getuid?.() !== 0) return { prefix: [], uid: -1, gid: -1 };
  try {
    const uid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }));
    const gid = Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }));
    return { prefix: ['runuser', '-u', 'postgres', '--'], uid, gid };
  } catch {
    return undefined;
  }
}

/** Ctrl-C: exit, so that the 'exit' handler stops the server. */
const interrupted = () => process.exit(130);

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

async function startOwnServer(log: (msg: string) => void): Promise<BenchPostgres | undefined> {
  const bin = binDir();
  const user = runAs();
  if (!bin || !user) {
    log(`PostgreSQL: ${bin ? 'no postgres user to run the server as' : 'no PostgreSQL binaries found (BENCH_PG_BIN)'}`);
    return undefined;
  }
  const dir = mkdtempSync(join(tmpdir(), 'funkeln-bench-pg-'));
  if (user.uid >= 0) chownSync(dir, user.uid, user.gid);
  const data = join(dir, 'data');
  /** A PostgreSQL tool's command line, as the user the server runs as. */
  const command = (tool: string, ...args: string[]): [string, string[]] => {
    const [file = tool, ...rest] = [...user.prefix, join(bin, tool), ...args];
    return [file, rest];
  };
  const pgCtl = (...args: string[]) => run(...command('pg_ctl', '-D', data, ...args));
  // A bench that dies on the way must not leave its server running.
  const stopNow = () => {
    try {
      execFileSync(...command('pg_ctl', '-D', data, '-m', 'immediate', 'stop'), { stdio: 'ignore' });
    } catch {
      // not running
    }
    rmSync(dir, { recursive: true, force: true });
  };
  const unhook = () => process.off('exit', stopNow).off('SIGINT', interrupted).off('SIGTERM', interrupted);
  try {
    await run(...command('initdb', '-D', data, '-A', 'trust', '-U', 'postgres', '-E', 'UTF8', '--locale=C.UTF-8', '--no-sync'));
    const port = await freePort();
    const production = productionSettings(totalmem());
    const conf = { ...production, ...benchOnlySettings(port, dir) };
    appendFileSync(join(data, 'postgresql.conf'), `\n# bench/pg-server.ts\n${Object.entries(conf).map(([k, v]) => `${k} = ${v}`).join('\n')}\n`);
    process.once('exit', stopNow);
    process.once('SIGINT', interrupted).once('SIGTERM', interrupted);
    await pgCtl('-l', join(dir, 'server.log'), '-w', '-t', '120', 'start');
    const settings = `the bench's own server: ${Object.entries(production).map(([k, v]) => `${k}=${v}`).join(', ')}`;
    log(`PostgreSQL: ${settings} (port ${port})`);
    return {
      adminUrl: `postgres://postgres@127.0.0.1:${port}/postgres`,
      settings,
      stop: async () => {
        unhook();
        await pgCtl('-m', 'fast', '-w', 'stop').catch((err: unknown) => log(`PostgreSQL: stop failed (${(err as Error).message})`));
        rmSync(dir, { recursive: true, force: true });
      },
    };
  } catch (err) {
    log(`PostgreSQL: the bench's own server did not start (${(err as Error).message.split('\n')[0]})`);
    unhook();
    stopNow();
    return undefined;
  }
}
