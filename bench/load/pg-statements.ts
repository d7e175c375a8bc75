/**
 * Where PostgreSQL's time went in a load run, per statement, when the server preloads
 * pg_stat_statements (`shared_preload_libraries = 'pg_stat_statements'`, with
 * `pg_stat_statements.track_planning = on` for plan times): calls and the time spent planning and
 * executing them, the run's difference. Without the library the run reports what
 * pg_stat_database counts (transactions and rows) only.
 */
import type pg from 'pg';

export type StatementTimes = Map<string, { calls: number; planMs: number; execMs: number }>;

/** Whether pg_stat_statements can be read in this database (creates the extension when the library is preloaded). */
export async function enableStatementStats(client: pg.Client): Promise<boolean> {
  const { rows } = await client.query<{ setting: string }>("SELECT setting FROM pg_settings WHERE name = 'shared_preload_libraries'");
  if (!rows[0]?.setting.split(',').some((lib) => lib.trim() === 'pg_stat_statements')) return false;
  await client.query('CREATE EXTENSION IF NOT EXISTS pg_stat_statements');
  return true;
}

export async function readStatementTimes(client: pg.Client): Promise<StatementTimes> {
  const hasPlanTime = (await client.query("SELECT 1 FROM pg_settings WHERE name = 'pg_stat_statements.track_planning' AND setting = 'on'")).rowCount === 1;
  const { rows } = await client.query<{ query: string; calls: string; plan_ms: number; exec_ms: number }>(
    `SELECT query, sum(calls) AS calls, ${hasPlanTime ? 'sum(total_plan_time)' : '0'}::float8 AS plan_ms, sum(total_exec_time)::float8 AS exec_ms
       FROM pg_stat_statements WHERE dbid = (SELECT oid FROM pg_database WHERE datname = current_database())
      GROUP BY query`,
  );
  return new Map(rows.map((r) => [r.query, { calls: Number(r.calls), planMs: r.plan_ms, execMs: r.exec_ms }]));
}

/** Statements per visit and the statements that took most of PostgreSQL's time between the two readings. */
export function printStatementTimes(before: StatementTimes, after: StatementTimes, visits: number, top = 15): { statements: number; planMs: number; execMs: number } {
  const diff = [...after].map(([query, a]) => {
    const b = before.get(query) ?? { calls: 0, planMs: 0, execMs: 0 };
    return { query, calls: a.calls - b.calls, planMs: a.planMs - b.planMs, execMs: a.execMs - b.execMs };
  });
  const total = diff.reduce((t, d) => ({ statements: t.statements + d.calls, planMs: t.planMs + d.planMs, execMs: t.execMs + d.execMs }), { statements: 0, planMs: 0, execMs: 0 });
  const per = (v: number) => (v / Math.max(1, visits)).toFixed(1);
  console.log(
    `\nPostgreSQL statements per visit (pg_stat_statements): ${per(total.statements)}, planning ${per(total.planMs)} ms, executing ${per(total.execMs)} ms per visit`,
  );
  const text = (query: string) => query.replace(/\s+/g, ' ').slice(0, 110);
  diff.sort((x, y) => y.planMs + y.execMs - (x.planMs + x.execMs));
  for (const d of diff.slice(0, top)) {
    console.log(`  ${String(d.calls).padStart(7)} calls  plan ${(d.planMs / Math.max(1, d.calls)).toFixed(3)} exec ${(d.execMs / Math.max(1, d.calls)).toFixed(3)} ms  ${text(d.query)}`);
  }
  // Each statement is a round trip (~50 us of the server's CPU in the kernel alone): the most frequent ones, per visit.
  console.log('The statements run most (calls per visit):');
  diff.sort((x, y) => y.calls - x.calls);
  for (const d of diff.slice(0, top)) console.log(`  ${per(d.calls).padStart(6)}  ${text(d.query)}`);
  return total;
}
