/**
 * Where PGlite's one connection spent a load run (the server's DB_STATS_FILE, written by its
 * database thread on shutdown, apps/server/src/db/pglite.worker.mjs): statements and transactions
 * per visit, and the statements that took most of the connection's time.
 */
import { existsSync, readFileSync } from 'node:fs';

interface StatementFigures {
  sql: string;
  count: number;
  ms: number;
}

interface TransactionFigures {
  count: number;
  heldMs: number;
  idleMs: number;
}

interface DbStatsFile {
  busyMs: number;
  statements: StatementFigures[];
  /** byFirst: per kind of transaction (its first statement), most connection time first. */
  transactions: TransactionFigures & { byFirst: (TransactionFigures & { sql: string; statements: number })[] };
}

const shortSql = (sql: string) => sql.replace(/\s+/g, ' ').slice(0, 110);

/** The run's totals (whole server run: warm-up, burst, ramp and drain), or why there are none. */
export function readPgliteStats(file: string, top = 12): Record<string, number> | string {
  if (!existsSync(file)) return 'not measured: the server wrote no database statistics (did it shut down cleanly?)';
  const stats = JSON.parse(readFileSync(file, 'utf8')) as DbStatsFile;
  const statementMs = stats.statements.reduce((sum, s) => sum + s.ms, 0);
  console.log(`\nPGlite connection: ${(stats.busyMs / 1000).toFixed(1)} s busy; statements ${(statementMs / 1000).toFixed(1)} s; transactions held it ${(stats.transactions.heldMs / 1000).toFixed(1)} s, of which ${(stats.transactions.idleMs / 1000).toFixed(1)} s with no statement running`);
  console.log('Statements by time on the connection:');
  for (const s of stats.statements.slice(0, top)) {
    console.log(`  ${(s.ms / 1000).toFixed(2).padStart(7)} s ${String(s.count).padStart(7)}x ${(s.ms / s.count).toFixed(2).padStart(6)} ms  ${shortSql(s.sql)}`);
  }
  const kinds = stats.transactions.byFirst;
  if (kinds.length > 0) console.log('Transactions by time holding the connection (held / of it idle, count, statements each, first statement):');
  for (const k of kinds.slice(0, Math.ceil(top / 2))) {
    const each = (k.statements / k.count).toFixed(1);
    console.log(`  ${(k.heldMs / 1000).toFixed(2).padStart(7)} s / ${(k.idleMs / 1000).toFixed(2).padStart(5)} s ${String(k.count).padStart(6)}x ${each.padStart(4)}  ${shortSql(k.sql)}`);
  }
  return {
    statements: stats.statements.reduce((sum, s) => sum + s.count, 0),
    xacts: stats.transactions.count,
    statement_ms: statementMs,
    tx_idle_ms: stats.transactions.idleMs,
  };
}
