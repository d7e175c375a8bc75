/** bench/load's figures: the printed tables and the rows for bench/RESULTS.md. */
import type { EndpointFigures } from './stats.js';
import { Stats } from './stats.js';
import type { BurstFigures, StepResult } from './scheduler.js';

export const P99_BUDGET_MS = 100;
const MIB = 1024 * 1024;

export interface RunReport {
  label: string;
  members: number;
  steps: StepResult[];
  burst: BurstFigures;
  /** The load generator's own CPU over the ramp and drain, seconds. */
  generatorCpu: number;
  wallSeconds: number;
  /** Database counters over the ramp and drain (PostgreSQL) or the whole server run (PGlite), or why there are none. */
  db: Record<string, number> | string;
  /** When the server started: what the visits left in the database is counted from here. */
  since: Date;
  /** What the visits left in the database (bench/load/outcome.ts). */
  outcome: Record<string, number>;
  /** The box's speed before the run: a bare Fastify hello-world's requests/s (bench/hello.ts). */
  helloRps: number;
  /** Redis commands and PUBLISHes per visit over the ramp and drain, where the server uses Redis. */
  redis?: { commands: number; publishes: number };
}

export interface Summary {
  /** The highest step whose every endpoint had p99 < budget, if any. */
  best: StepResult | undefined;
  total: EndpointFigures[];
  sessions: number;
  serverCpuMsPerSession: number;
  /** The server processes' write system calls per visit (steps of the ramp and the drain). */
  serverWritesPerSession: number;
  /** PostgreSQL's CPU per visit (its own processes), when the run used PostgreSQL. */
  dbCpuMsPerSession: number | undefined;
  rssPeakMiB: number;
  generatorCorePercent: number;
}

const worst = (figures: EndpointFigures[]) => figures.reduce<EndpointFigures | undefined>((w, f) => (!w || f.p99 > w.p99 ? f : w), undefined);

const passes = (s: StepResult) => s.stats.figures().every((f) => f.p99 < P99_BUDGET_MS);

export function summarize(r: RunReport): Summary {
  const ramp = r.steps.filter((s) => s.rate > 0);
  const best = [...ramp].reverse().find(passes);
  const all = new Stats();
  for (const s of r.steps) all.merge(s.stats);
  const first = r.steps[0];
  const last = r.steps.at(-1);
  const sessions = r.steps.reduce((n, s) => n + s.finished, 0);
  const serverCpu = first && last ? last.end.serverCpu - first.start.serverCpu : 0;
  const serverWrites = first && last ? last.end.serverWrites - first.start.serverWrites : 0;
  const dbCpu = first?.start.dbCpu !== undefined && last?.end.dbCpu !== undefined ? last.end.dbCpu - first.start.dbCpu : undefined;
  return {
    best,
    total: all.figures(),
    sessions,
    serverCpuMsPerSession: sessions ? (serverCpu * 1000) / sessions : 0,
    serverWritesPerSession: sessions ? serverWrites / sessions : 0,
    dbCpuMsPerSession: dbCpu === undefined ? undefined : sessions ? (dbCpu * 1000) / sessions : 0,
    rssPeakMiB: Math.max(0, ...r.steps.map((s) => s.rssPeak)) / MIB,
    generatorCorePercent: r.wallSeconds ? (100 * r.generatorCpu) / r.wallSeconds : 0,
  };
}

const pad = (s: string, n: number) => s.padEnd(n);
const num = (v: number, digits = 1) => v.toFixed(digits).padStart(8);

export function printReport(r: RunReport, s: Summary): void {
  console.log(`\n== ${r.label}, ${r.members.toLocaleString('en')} members (box: hello-world ${r.helloRps.toFixed(0)} req/s) ==`);
  console.log('\nSteps (open arrivals; requests count into the step they were sent in):');
  const withDb = s.dbCpuMsPerSession !== undefined;
  console.log(
    `${pad('rate/s', 8)}${pad('arrived', 9)}${pad('done', 6)}${pad('active mean/peak', 18)}${pad('server CPU ms/arrival', 23)}` +
      `${withDb ? pad('PostgreSQL CPU ms/arrival', 27) : ''}${pad('machine busy', 14)}${pad('generator lag p99/max ms', 26)}${pad('worst p99 ms', 14)}worst endpoint`,
  );
  for (const st of r.steps) {
    const w = worst(st.stats.figures());
    const perArrival = (from: number, to: number) => (st.arrivals ? (((to - from) * 1000) / st.arrivals).toFixed(0) : '-');
    const db = st.start.dbCpu !== undefined && st.end.dbCpu !== undefined ? perArrival(st.start.dbCpu, st.end.dbCpu) : '-';
    console.log(
      `${pad(st.rate ? String(st.rate) : 'drain', 8)}${pad(String(st.arrivals), 9)}${pad(String(st.finished), 6)}` +
        `${pad(`${st.activeMean.toFixed(0)} / ${st.activePeak}`, 18)}${pad(perArrival(st.start.serverCpu, st.end.serverCpu), 23)}${withDb ? pad(db, 27) : ''}` +
        `${pad(`${machineBusyPercent(st).toFixed(0)} %`, 14)}${pad(`${st.generatorLag.p99.toFixed(1)} / ${st.generatorLag.max.toFixed(1)}`, 26)}` +
        `${pad(w ? w.p99.toFixed(1) : '-', 14)}${w?.endpoint ?? '-'}${st.rate && passes(st) ? '' : st.rate ? '  (over budget)' : ''}`,
    );
  }
  console.log('\nPer endpoint, whole run (ms):');
  console.log(`${pad('endpoint', 44)}${'count'.padStart(8)}${'p50'.padStart(8)}${'p95'.padStart(8)}${'p99'.padStart(8)}${'max'.padStart(8)}  errors`);
  for (const f of s.total) {
    const errors = Object.entries(f.errors).map(([what, n]) => `${what} x${n}`).join(', ');
    console.log(`${pad(f.endpoint, 44)}${String(f.count).padStart(8)}${num(f.p50)}${num(f.p95)}${num(f.p99)}${num(f.max)}  ${errors || '-'}`);
  }
  const b = r.burst.figures;
  console.log(
    `\n${r.burst.size} first feed pages at the same moment: p50 ${b.p50.toFixed(1)} ms, p99 ${b.p99.toFixed(1)} ms, max ${b.max.toFixed(1)} ms over ${burstSpread(r.burst)}, ${r.burst.failures} failed`,
  );
  console.log(
    s.best
      ? `Highest step with every endpoint's p99 < ${P99_BUDGET_MS} ms: ${s.best.rate} arrivals/s, ${s.best.activeMean.toFixed(0)} members active on average (peak ${s.best.activePeak})`
      : `No step kept every endpoint's p99 under ${P99_BUDGET_MS} ms`,
  );
  console.log(
    `Server CPU per member visit: ${s.serverCpuMsPerSession.toFixed(0)} ms (${s.sessions} visits finished), ${s.serverWritesPerSession.toFixed(0)} write system calls; server RSS peak ${s.rssPeakMiB.toFixed(0)} MiB`,
  );
  if (s.dbCpuMsPerSession !== undefined) console.log(`PostgreSQL CPU per member visit: ${s.dbCpuMsPerSession.toFixed(0)} ms (its server's processes)`);
  console.log(`Load generator CPU: ${s.generatorCorePercent.toFixed(0)} % of one core over ${r.wallSeconds.toFixed(0)} s`);
  console.log(`What the visits did: ${Object.entries(r.outcome).map(([k, v]) => `${k.replaceAll('_', ' ')} ${v}`).join(', ')}`);
  if (typeof r.db === 'string') console.log(`Database statements per visit: ${r.db}`);
  else if (r.db.statements !== undefined) {
    const per = (k: string) => ((r.db as Record<string, number>)[k] ?? 0) / Math.max(1, s.sessions);
    console.log(
      `Database per visit (PGlite, whole run incl. warm-up and burst): ${per('statements').toFixed(0)} statements, ${per('xacts').toFixed(1)} transactions, ` +
        `${per('statement_ms').toFixed(1)} ms of statements, ${per('tx_idle_ms').toFixed(1)} ms held by a transaction with no statement running`,
    );
  } else {
    const per = (k: string) => ((r.db as Record<string, number>)[k] ?? 0) / Math.max(1, s.sessions);
    const statements = r.db.pg_statements === undefined ? 'pg_stat_statements is not preloaded' : `${per('pg_statements').toFixed(0)} statements`;
    console.log(
      `Database per visit (pg_stat_database; ${statements}): ${per('xacts').toFixed(0)} transactions ` +
        `(each statement outside a transaction is one), rows read ${per('rows_read').toFixed(0)}, written ${per('rows_written').toFixed(1)}; ` +
        `${(r.db as Record<string, number>).sessions ?? 0} connections opened in the run (each a new backend process, its statements prepared again)`,
    );
  }
}

/** How much of the machine's CPU (all cores) was in use during the step, by anything on it. */
function machineBusyPercent(st: StepResult): number {
  const total = st.end.machine.total - st.start.machine.total;
  return total > 0 ? (100 * (st.end.machine.busy - st.start.machine.busy)) / total : 0;
}

/** A step's load on the box: the machine's busy share and the generator's own event-loop lag. */
const boxLoad = (st: StepResult) => `machine ${machineBusyPercent(st).toFixed(0)} % busy, generator lag p99 ${st.generatorLag.p99.toFixed(0)} ms`;

/** The highest passing step, or (none passing) how far the lowest step was from the budget. */
export function activeFigure(s: Summary, steps: StepResult[]): string {
  if (s.best) {
    const best = s.best;
    const at = steps.indexOf(best);
    // A step before it over the budget is said with it: one spike there, or the figure is luck.
    const over = steps.slice(0, at).filter((step) => step.rate > 0 && !passes(step));
    const misses = over.map((step) => {
      const w = worst(step.stats.figures());
      return `${step.rate}/s was over: ${w?.endpoint} p99 ${w?.p99.toFixed(1)} ms`;
    });
    // The step after it (a higher rate, or the same one held), over the budget: by how much (a step missed by a millisecond is not a wall).
    const next = steps.slice(at + 1).find((step) => step.rate > 0);
    const nextWorst = next ? worst(next.stats.figures()) : undefined;
    const above = next && nextWorst ? `; next ${next.rate}/s, ${next.activeMean.toFixed(0)} active (${boxLoad(next)}): ${nextWorst.endpoint} p99 ${nextWorst.p99.toFixed(1)} ms` : '';
    return `${best.rate} arrivals/s, ${best.activeMean.toFixed(0)} active (peak ${best.activePeak}; ${boxLoad(best)})${misses.length ? ` (${misses.join('; ')})` : ''}${above}`;
  }
  const lowest = steps.find((step) => step.rate > 0);
  const w = lowest ? worst(lowest.stats.figures()) : undefined;
  if (!lowest || !w) return `none under ${P99_BUDGET_MS} ms`;
  return `none under ${P99_BUDGET_MS} ms (lowest step ${lowest.rate} arrivals/s, ${lowest.activeMean.toFixed(0)} active, ${boxLoad(lowest)}: worst p99 ${w.p99.toFixed(0)} ms, ${w.endpoint})`;
}

/** How many bursts the figures are over, and the range of their own p99s. */
export function burstSpread(b: BurstFigures): string {
  const lo = Math.min(...b.p99s);
  const hi = Math.max(...b.p99s);
  return `${b.p99s.length} bursts (each burst's p99 ${lo.toFixed(0)}-${hi.toFixed(0)} ms)`;
}
