import { Worker } from 'node:worker_threads';
import autocannon from 'autocannon';

export interface LoadSpec {
  port: number;
  path: string;
  /** Request headers, used round robin (one set per viewer). */
  headers: Record<string, string>[];
  connections: number;
  durationMs: number;
}

export interface LoadResult {
  requests: number;
  /** Completed requests per second. */
  rps: number;
  p50: number;
  p90: number;
  p99: number;
  max: number;
  statuses: Record<string, number>;
  errors: number;
  seconds: number;
}

interface WorkerResult {
  latencies: Float64Array;
  statuses: Record<string, number>;
  errors: number;
  bytes: number;
  seconds: number;
}

const WORKER_URL = new URL('./load-worker.mjs', import.meta.url);

/** Runs one fixed-duration measurement from a worker thread (its own event loop) over loopback. */
export function runLoad(spec: LoadSpec): Promise<LoadResult> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(WORKER_URL, { workerData: spec, execArgv: [] });
    worker.once('message', (r: WorkerResult) => {
      const sorted = Array.from(r.latencies).sort((a, b) => a - b);
      const pct = (p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
      resolve({
        requests: sorted.length,
        rps: sorted.length / r.seconds,
        p50: pct(50),
        p90: pct(90),
        p99: pct(99),
        max: sorted.at(-1) ?? 0,
        statuses: r.statuses,
        errors: r.errors,
        seconds: r.seconds,
      });
    });
    worker.once('error', reject);
    worker.once('exit', (code) => {
      if (code !== 0) reject(new Error(`load worker exited with ${code}`));
    });
  });
}

/**
 * Throughput with autocannon in a worker thread: a faster client than node:http (which tops out
 * near 10,000 req/s here and would flatter any ratio to hello-world). Each connection cycles
 * through the header sets; latency percentiles are whole milliseconds.
 */
export async function runThroughput(spec: LoadSpec): Promise<LoadResult> {
  const r = await autocannon({
    url: `http://127.0.0.1:${spec.port}`,
    connections: spec.connections,
    duration: spec.durationMs / 1000,
    workers: 1,
    requests: spec.headers.map((headers) => ({ method: 'GET', path: spec.path, headers })),
  });
  const statuses: Record<string, number> = {};
  for (const [key, n] of Object.entries(r.statusCodeStats ?? {})) statuses[key] = n.count ?? 0;
  return {
    requests: r.requests.total,
    rps: r.requests.total / r.duration,
    p50: r.latency.p50,
    p90: r.latency.p90,
    p99: r.latency.p99,
    max: r.latency.max,
    statuses,
    errors: r.errors + r.timeouts,
    seconds: r.duration,
  };
}
