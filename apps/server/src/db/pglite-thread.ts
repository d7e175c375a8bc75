import { Worker } from 'node:worker_threads';
import { answers, runAll, type Db, type Row, type Tx } from './client.js';

const WORKER_URL = new URL('./pglite.worker.mjs', import.meta.url);

type Request =
  | { op: 'query'; sql: string; params: unknown[] | undefined; tx?: number }
  | { op: 'exec'; script: string; tx: number }
  | { op: 'begin'; tx: number }
  | { op: 'end'; tx: number; commit: boolean }
  | { op: 'dump'; file: string }
  | { op: 'close' };

type Answer = { id: number; ok: true; rows?: Row[] } | { id: number; ok: false; error: { name: string; message: string; fields: Record<string, unknown> } };

/** The worker's error as the in-thread driver would have thrown it: same message, same PostgreSQL fields (code, constraint, ...). */
function revive(error: Extract<Answer, { ok: false }>['error']): Error {
  const err = Object.assign(new Error(error.message), error.fields);
  err.name = error.name;
  return err;
}

export interface PgliteThreadOptions {
  /** Where the thread writes where its connection's time went, when closed (DB_STATS_FILE, bench:load). */
  statsFile?: string | undefined;
  /**
   * A data directory dumped earlier (PGlite's dumpDataDir, uncompressed tar) to start from instead of
   * an empty cluster: the tests' migrated template, loaded in ~1 s where initdb and the migrations take ~4 s.
   */
  loadDataDir?: string | undefined;
}

/**
 * PGlite in a worker thread (pglite.worker.mjs): the same Db as createPgliteDb, but the database's
 * WebAssembly runs on its own thread, so a long statement no longer stops the server's event loop
 * and the server's JavaScript and the database use both cores. Statements and transactions queue
 * on PGlite's one connection exactly as in-thread. A worker that dies fails everything outstanding
 * and every later call (the process's health check then reports it). With `statsFile`, the thread
 * writes where its connection's time went to that file when closed (see pglite.worker.mjs).
 */
/** The embedded database on its thread; `dumpTo` writes its data directory to a file (an uncompressed tar, what loadDataDir reads). */
export type PgliteThreadDb = Db & { dumpTo(file: string): Promise<void> };

export function createPgliteThreadDb(dataDir: string | undefined, options: PgliteThreadOptions = {}): PgliteThreadDb {
  const worker = new Worker(WORKER_URL, { workerData: { dataDir, statsFile: options.statsFile, loadDataDir: options.loadDataDir }, execArgv: [] });
  const pending = new Map<number, { resolve: (rows: Row[]) => void; reject: (err: Error) => void }>();
  let nextId = 1;
  let nextTx = 1;
  let dead: Error | undefined;

  worker.on('message', (answer: Answer) => {
    const call = pending.get(answer.id);
    if (!call) return;
    pending.delete(answer.id);
    if (answer.ok) call.resolve(answer.rows ?? []);
    else call.reject(revive(answer.error));
  });
  const failAll = (err: Error) => {
    dead ??= err;
    for (const call of pending.values()) call.reject(err);
    pending.clear();
  };
  worker.on('error', (err) => failAll(new Error('the embedded database thread failed', { cause: err })));
  worker.on('exit', (code) => failAll(new Error(`the embedded database thread ended (code ${code})`)));

  const send = <T extends Row>(request: Request): Promise<T[]> => {
    if (dead) return Promise.reject(dead);
    const id = nextId++;
    return new Promise<T[]>((resolve, reject) => {
      pending.set(id, { resolve: resolve as (rows: Row[]) => void, reject });
      worker.postMessage({ id, ...request });
    });
  };

  return {
    kind: 'pglite',
    query: <T extends Row>(sql: string, params?: unknown[]) => send<T>({ op: 'query', sql, params }),
    async transaction(fn) {
      const tx = nextTx++;
      await send({ op: 'begin', tx });
      const committed: (() => void)[] = [];
      const handle: Tx = {
        query: <T extends Row>(sql: string, params?: unknown[]) => send<T>({ op: 'query', sql, params, tx }),
        exec: async (script) => void (await send({ op: 'exec', script, tx })),
        afterCommit: (cb) => void committed.push(cb),
      };
      let result: Awaited<ReturnType<typeof fn>>;
      try {
        result = await fn(handle);
      } catch (err) {
        await send({ op: 'end', tx, commit: false }).catch(() => undefined);
        throw err;
      }
      await send({ op: 'end', tx, commit: true });
      runAll(committed);
      return result;
    },
    ping: () => answers(() => send({ op: 'query', sql: 'SELECT 1', params: undefined })),
    dumpTo: async (file) => void (await send({ op: 'dump', file })),
    async close() {
      if (!dead) await send({ op: 'close' });
      await worker.terminate();
    },
  };
}
