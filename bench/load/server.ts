/**
 * The server under test in its own process(es): `src/main.ts` (one process, PGlite) or
 * `src/cluster.ts` (what `npm run start:cluster` runs after its web build: a primary with WORKERS
 * worker processes, PostgreSQL + Redis). TRUST_PROXY=true, so each simulated member's
 * X-Forwarded-For is their address. CPU and RSS are read from /proc for the whole process tree
 * (the primary and its cluster workers).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { startServerProcess } from '../../apps/server/test/server-process.js';
import { cpuSeconds, cpuSecondsWithEndedChildren, rssBytes, writeCalls } from '../realtime/proc.js';

export type ServerProcess = Awaited<ReturnType<typeof startServerProcess>>;

/** `profileDir`: every server process writes its V8 CPU profile there when it exits. */
export function startServer(env: Record<string, string>, workers: number | undefined, profileDir?: string): Promise<ServerProcess> {
  const full = { TRUST_PROXY: 'true', LOG_LEVEL: 'warn', ...env, ...(workers ? { WORKERS: String(workers) } : {}) };
  const nodeArgs = profileDir ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : [];
  return startServerProcess(full, undefined, workers ? 'src/cluster.ts' : 'src/main.ts', nodeArgs);
}

function parentOf(pid: number): number | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
  } catch {
    return undefined; // gone meanwhile
  }
}

/** The machine's living processes. */
const livePids = () => readdirSync('/proc').filter((d) => /^\d+$/.test(d)).map(Number);

/** The process and its descendants (cluster workers). */
export function processTree(root: number): number[] {
  const pids = livePids();
  const children = new Map<number, number[]>();
  for (const pid of pids) {
    const parent = parentOf(pid);
    if (parent === undefined) continue;
    let list = children.get(parent);
    if (!list) children.set(parent, (list = []));
    list.push(pid);
  }
  const tree = [root];
  for (let i = 0; i < tree.length; i++) tree.push(...(children.get(tree[i]!) ?? []));
  return tree;
}

const safely = (f: () => number) => {
  try {
    return f();
  } catch {
    return 0;
  }
};

/** The process's command name (/proc/PID/comm); undefined once it is gone. */
function commandOf(pid: number): string | undefined {
  try {
    return readFileSync(`/proc/${pid}/comm`, 'utf8').trim();
  } catch {
    return undefined;
  }
}

/** The tree's command names, e.g. node, node, node, esbuild (tsx's transform service). */
export function treeNames(pids: number[]): string[] {
  return pids.map((pid) => commandOf(pid) ?? '?');
}

/** User + system CPU seconds of the tree's living processes. */
export function treeCpuSeconds(pids: number[]): number {
  return pids.reduce((sum, pid) => sum + safely(() => cpuSeconds(pid)), 0);
}

/**
 * Write system calls of the tree's living processes: each socket write is one (an HTTP answer, a
 * statement to PostgreSQL, a Redis command batch, a socket.io frame), and on loopback each is
 * also the kernel's delivery to the reader; a count that does not change with the box's speed.
 */
export function treeWriteCalls(pids: number[]): number {
  return pids.reduce((sum, pid) => sum + safely(() => writeCalls(pid)), 0);
}

/**
 * CPU seconds of a PostgreSQL server: its postmaster with the backends it has reaped, and its
 * living processes (backends, background workers). Only this server's: on a machine with another
 * PostgreSQL, or the previous run's server going away, a sum over every process named `postgres`
 * fell when one of those ended (a negative CPU per visit). Without the postmaster (a server on
 * another machine), every `postgres` process on this one.
 */
export function databaseCpuSeconds(postmaster: number | undefined): number {
  const pids = postmaster !== undefined ? processTree(postmaster) : livePids().filter((pid) => commandOf(pid) === 'postgres');
  return pids.reduce((sum, pid) => sum + safely(() => cpuSecondsWithEndedChildren(pid)), 0);
}

/** The postmaster of the server `client` is connected to: its backend's parent, when that server runs on this machine. */
export async function postmasterOf(client: { query<R>(sql: string): Promise<{ rows: R[] }> }): Promise<number | undefined> {
  const { rows } = await client.query<{ pid: number }>('SELECT pg_backend_pid() AS pid');
  const backend = rows[0]?.pid;
  const parent = backend === undefined ? undefined : parentOf(backend);
  return parent !== undefined && commandOf(parent) === 'postgres' ? parent : undefined;
}

/** The tree's summed VmRSS in bytes. */
export function treeRssBytes(pids: number[]): number {
  return pids.reduce((sum, pid) => sum + safely(() => rssBytes(pid)), 0);
}
