/**
 * The embedded database in its own thread (see createPgliteThreadDb in pglite-thread.ts). PGlite
 * runs PostgreSQL compiled to WebAssembly synchronously on the thread that calls it: in the server's
 * main thread every statement stopped the event loop for its whole duration (a feed deck read
 * ~45 ms), so socket handshakes and answers that need no database waited behind it. Here it has a
 * thread of its own, and the server's JavaScript runs on the other core meanwhile.
 *
 * Requests (one message each, answered with the same id): query (optionally inside an open
 * transaction; a text run before goes as a named prepared statement, pglite-prepared.mjs), exec
 * (a script, inside a transaction), dump (the data directory to a file, as a tar), begin (answered once the transaction holds PGlite's
 * connection), end (commit or roll back), close. Errors travel with their PostgreSQL
 * fields (code, constraint, detail, ...) so callers see what the in-thread driver threw.
 *
 * Plain JavaScript on purpose: on Node 20 a worker cannot load a .ts entry (see gazetteer.worker.mjs).
 */
import { PGlite } from '@electric-sql/pglite';
import { readFileSync, writeFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { parentPort, workerData } from 'node:worker_threads';
import { createPreparedQueries } from './pglite-prepared.mjs';

if (!parentPort) throw new Error('pglite.worker.mjs must run in a worker thread');
const port = parentPort;
const lite = new PGlite({
  dataDir: workerData.dataDir ?? undefined,
  // A dumped data directory to start from (tests' migrated template, pglite-thread.ts).
  ...(workerData.loadDataDir ? { loadDataDir: new Blob([readFileSync(workerData.loadDataDir)]) } : {}),
});
const prepared = createPreparedQueries(lite);
const stats = workerData.statsFile ? createStats() : undefined;

/**
 * Where the one connection's time goes (DB_STATS_FILE, for bench:load): per statement text its
 * count and service time, and per transaction how long it held the connection, of which how long
 * no statement of it ran (the hops to the server thread and its JavaScript between statements),
 * in all and by the transaction's first statement (which names the kind of transaction).
 * Statements run one at a time on this thread, so a statement's service time is from its end back
 * to its start or the previous statement's end, whichever is later (time queued is not counted).
 */
function createStats() {
  const statements = new Map();
  const transactions = { count: 0, heldMs: 0, idleMs: 0 };
  const byFirst = new Map();
  let lastEnd = 0;
  return {
    timed: async (sql, run, tx) => {
      const start = performance.now();
      try {
        return await run();
      } finally {
        const end = performance.now();
        const ms = end - Math.max(start, lastEnd);
        lastEnd = end;
        const s = statements.get(sql) ?? { sql, count: 0, ms: 0 };
        s.count += 1;
        s.ms += ms;
        statements.set(sql, s);
        if (tx) {
          tx.busyMs += ms;
          tx.first ??= sql;
          tx.statements += 1;
        }
      }
    },
    ended: (tx) => {
      const held = performance.now() - tx.startedAt;
      const idle = Math.max(held - tx.busyMs, 0);
      transactions.count += 1;
      transactions.heldMs += held;
      transactions.idleMs += idle;
      const key = tx.first ?? '(no statement)';
      const kind = byFirst.get(key) ?? { sql: key, count: 0, statements: 0, heldMs: 0, idleMs: 0 };
      kind.count += 1;
      kind.statements += tx.statements;
      kind.heldMs += held;
      kind.idleMs += idle;
      byFirst.set(key, kind);
    },
    write: (file) => {
      const elu = performance.eventLoopUtilization();
      const top = [...statements.values()].sort((a, b) => b.ms - a.ms);
      const kinds = [...byFirst.values()].sort((a, b) => b.heldMs - a.heldMs);
      writeFileSync(file, JSON.stringify({ busyMs: elu.active, statements: top, transactions: { ...transactions, byFirst: kinds } }));
    },
  };
}

/** Open transactions by id: the PGlite handle, and how to end it. */
const open = new Map();

/** An error as plain data: its message and every own field PostgreSQL gave it. */
function serializeError(err) {
  if (!(err instanceof Error)) return { name: 'Error', message: String(err), fields: {} };
  const fields = {};
  for (const [key, value] of Object.entries(err)) {
    if (value === undefined || typeof value === 'function' || typeof value === 'object') continue;
    fields[key] = value;
  }
  return { name: err.name, message: err.message, fields };
}

const ok = (id, rows) => port.postMessage({ id, ok: true, rows });
const fail = (id, err) => port.postMessage({ id, ok: false, error: serializeError(err) });

class Rollback extends Error {}

function begin(req) {
  let started = false;
  lite
    .transaction(
      (tx) =>
        new Promise((resolve, reject) => {
          open.set(req.tx, { tx, resolve, reject, startedAt: performance.now(), busyMs: 0, statements: 0 });
          started = true;
          ok(req.id);
        }),
    )
    .then(
      () => {
        const ending = open.get(req.tx);
        open.delete(req.tx);
        if (ending && stats) stats.ended(ending);
        if (ending?.endId !== undefined) ok(ending.endId);
      },
      (err) => {
        const ending = open.get(req.tx);
        open.delete(req.tx);
        if (ending && stats) stats.ended(ending);
        if (!started) return fail(req.id, err);
        if (ending?.endId === undefined) return;
        if (err instanceof Rollback) ok(ending.endId);
        else fail(ending.endId, err);
      },
    );
}

async function handle(req) {
  switch (req.op) {
    case 'query': {
      const t = req.tx === undefined ? undefined : open.get(req.tx);
      const target = req.tx === undefined ? lite : t?.tx;
      if (!target) throw new Error('transaction is not open');
      const run = () => prepared.query(target, req.sql, req.params, req.tx !== undefined);
      return stats ? stats.timed(req.sql, run, t) : run();
    }
    case 'exec': {
      const target = open.get(req.tx)?.tx;
      if (!target) throw new Error('transaction is not open');
      await target.exec(req.script);
      return undefined;
    }
    case 'dump': {
      const tar = await lite.dumpDataDir('none');
      writeFileSync(req.file, Buffer.from(await tar.arrayBuffer()));
      return undefined;
    }
    case 'close':
      if (stats) stats.write(workerData.statsFile);
      await lite.close();
      return undefined;
    default:
      throw new Error(`unknown request ${String(req.op)}`);
  }
}

port.on('message', (req) => {
  if (req.op === 'begin') return begin(req);
  if (req.op === 'end') {
    const t = open.get(req.tx);
    if (!t) return fail(req.id, new Error('transaction is not open'));
    t.endId = req.id;
    return req.commit ? t.resolve() : t.reject(new Rollback('rolled back'));
  }
  handle(req).then(
    (rows) => ok(req.id, rows),
    (err) => fail(req.id, err),
  );
});
