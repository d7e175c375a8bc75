/**
 * Open-model arrivals: members arrive as a Poisson process (exponential gaps) at each step's rate,
 * whatever the server's speed, and each runs their visit to the end; a slow server makes visits
 * longer and more members active at once, never fewer arrivals. The steps follow each other
 * without a pause; after the last one no one new arrives and the visits still running finish
 * (the drain). Requests count into the step in which they were sent.
 */
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { feedEndpoints } from '@funkeln/contracts/routes/feed';
import { call, closeClient, memberClient } from './http.js';
import { FEED_QUERY, visit } from './member.js';
import type { MachineCpu } from '../realtime/proc.js';
import type { SimMember } from './population.js';
import { percentiles, Stats, type Percentiles } from './stats.js';

export interface Snapshot {
  at: number;
  /** CPU seconds of the server's processes. */
  serverCpu: number;
  /** Write system calls of the server's processes (treeWriteCalls). */
  serverWrites: number;
  /** CPU seconds of this (the load generator's) process. */
  generatorCpu: number;
  /** CPU seconds of the PostgreSQL processes (PostgreSQL runs only; PGlite is inside the server). */
  dbCpu?: number;
  /** The machine's CPU seconds over all cores (machineCpuSeconds). */
  machine: MachineCpu;
}

export interface StepResult {
  /** Arrivals per second asked for; 0 for the drain. */
  rate: number;
  arrivals: number;
  finished: number;
  stats: Stats;
  /** Members active (in a visit) sampled every second: mean and peak. */
  activeMean: number;
  activePeak: number;
  rssPeak: number;
  /**
   * How late this process's event loop ran what was due (ms): a late loop answers late, so every
   * latency measured in the step includes up to this much of the generator's own waiting.
   */
  generatorLag: { p99: number; max: number };
  start: Snapshot;
  end: Snapshot;
}

export interface RampSpec {
  base: string;
  pool: SimMember[];
  rates: number[];
  stepSeconds: number;
  thinkScale: number;
  snapshot: () => Snapshot;
  rss: () => number;
  log: (msg: string) => void;
  /** The longest the drain may take before the remaining visits are left behind. */
  drainTimeoutMs: number;
}

const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

/** The period of the generator's lag probe (ms); the histogram records whole periods, so the lag is what exceeds it. */
const LAG_PROBE_MS = 10;
const lagMs = (periodNs: number) => Math.max(0, periodNs / 1e6 - LAG_PROBE_MS);

export async function runRamp(spec: RampSpec): Promise<StepResult[]> {
  let current = new Stats();
  let active = 0;
  let finished = 0;
  let next = 0;
  const running = new Set<Promise<void>>();
  const results: StepResult[] = [];

  const arrive = () => {
    const member = spec.pool[next++];
    if (!member) return false;
    const client = memberClient(spec.base, member, () => current);
    active += 1;
    const p = visit({ client, member, thinkScale: spec.thinkScale })
      .catch((err: unknown) => current.fail('visit', (err as Error).message))
      .finally(() => {
        closeClient(client);
        active -= 1;
        finished += 1;
        running.delete(p);
      });
    running.add(p);
    return true;
  };

  const step = async (rate: number, run: (until: number) => Promise<void>, seconds: number) => {
    current = new Stats();
    const start = spec.snapshot();
    const arrivedBefore = next;
    const finishedBefore = finished;
    let samples = 0;
    let activeSum = 0;
    let activePeak = active;
    let rssPeak = spec.rss();
    const lag = monitorEventLoopDelay({ resolution: LAG_PROBE_MS });
    lag.enable();
    const sampler = setInterval(() => {
      samples += 1;
      activeSum += active;
      activePeak = Math.max(activePeak, active);
      rssPeak = Math.max(rssPeak, spec.rss());
    }, 1000);
    await run(start.at + seconds * 1000);
    clearInterval(sampler);
    lag.disable();
    const end = spec.snapshot();
    const result: StepResult = {
      rate,
      arrivals: next - arrivedBefore,
      finished: finished - finishedBefore,
      stats: current,
      activeMean: samples ? activeSum / samples : active,
      activePeak,
      rssPeak,
      generatorLag: { p99: lagMs(lag.percentile(99)), max: lagMs(lag.max) },
      start,
      end,
    };
    results.push(result);
    spec.log(`  step ${rate ? `${rate}/s` : 'drain'}: ${result.arrivals} arrived, ${result.finished} finished, active mean ${result.activeMean.toFixed(0)} peak ${activePeak}`);
  };

  let exhausted = false;
  for (const rate of spec.rates) {
    await step(
      rate,
      async (until) => {
        // Arrival times are drawn ahead on the clock, not as sleeps one after another: a timer that
        // fires late (this process's loop held up by the visits it runs) then lets the missed
        // arrivals in at once instead of losing them (at 20/s such sleeps let only 16/s arrive).
        let at = Date.now();
        for (;;) {
          at += (-Math.log(1 - Math.random()) / rate) * 1000;
          if (at >= until) return sleep(Math.max(0, until - Date.now()));
          await sleep(Math.max(0, at - Date.now()));
          if (!arrive()) {
            if (!exhausted) spec.log(`  all ${spec.pool.length} simulated members have arrived: no more arrivals (a larger --pool?)`);
            exhausted = true;
          }
        }
      },
      spec.stepSeconds,
    );
  }
  await step(
    0,
    async (until) => {
      await Promise.race([Promise.allSettled([...running]), sleep(Math.max(0, until - Date.now()))]);
    },
    spec.drainTimeoutMs / 1000,
  );
  if (running.size > 0) spec.log(`  ${running.size} visits still running after the drain timeout; left behind`);
  return results;
}

/** The first feed pages of one group of members requested at the same moment, timed into `stats` (members who have sent nothing yet). */
async function feedBurst(base: string, members: SimMember[], stats: Stats): Promise<void> {
  await Promise.all(
    members.map(async (m) => {
      const client = memberClient(base, m, () => stats);
      await call(client, feedEndpoints.feed, { query: FEED_QUERY });
      closeClient(client);
    }),
  );
}

export interface BurstFigures {
  /** Over every first page of every burst. */
  figures: Percentiles;
  /** Each burst's own p99 (with 40 pages, its slowest but none). */
  p99s: number[];
  failures: number;
  /** First pages per burst. */
  size: number;
}

/**
 * Bursts of first feed pages, one group of members after another with a pause between: each
 * group's pages requested at the same moment. One burst's p99 is its slowest page or so, a single
 * sample of how the box happened to schedule it; the p99 over several bursts is the figure.
 */
export async function feedBursts(base: string, groups: SimMember[][], pauseMs: number): Promise<BurstFigures> {
  const all = new Stats();
  const p99s: number[] = [];
  for (const [i, group] of groups.entries()) {
    if (i > 0) await sleep(pauseMs);
    const stats = new Stats();
    await feedBurst(base, group, stats);
    p99s.push(stats.figures()[0]?.p99 ?? 0);
    all.merge(stats);
  }
  const [figures] = all.figures();
  const failures = Object.values(figures?.errors ?? {}).reduce((a, b) => a + b, 0);
  return { figures: figures ?? percentiles([]), p99s, failures, size: groups[0]?.length ?? 0 };
}
