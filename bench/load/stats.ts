/** Latencies and refusals per endpoint (route template), kept per ramp step. */

export interface Percentiles {
  count: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
}

export function percentiles(values: number[]): Percentiles {
  const sorted = [...values].sort((a, b) => a - b);
  const pct = (p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
  return { count: sorted.length, p50: pct(50), p95: pct(95), p99: pct(99), max: sorted.at(-1) ?? 0 };
}

export interface EndpointFigures extends Percentiles {
  endpoint: string;
  /** Non-2xx answers and network failures, by status (and error code where the body had one). */
  errors: Record<string, number>;
}

export class Stats {
  private readonly latencies = new Map<string, number[]>();
  private readonly errors = new Map<string, Record<string, number>>();

  record(endpoint: string, ms: number): void {
    let list = this.latencies.get(endpoint);
    if (!list) this.latencies.set(endpoint, (list = []));
    list.push(ms);
  }

  fail(endpoint: string, what: string): void {
    let counts = this.errors.get(endpoint);
    if (!counts) this.errors.set(endpoint, (counts = {}));
    counts[what] = (counts[what] ?? 0) + 1;
  }

  figures(): EndpointFigures[] {
    const names = [...new Set([...this.latencies.keys(), ...this.errors.keys()])].sort();
    return names.map((endpoint) => ({ endpoint, ...percentiles(this.latencies.get(endpoint) ?? []), errors: this.errors.get(endpoint) ?? {} }));
  }

  /** Everything from `other` added to this one (a whole run from its steps). */
  merge(other: Stats): void {
    for (const [k, list] of other.latencies) for (const v of list) this.record(k, v);
    for (const [k, counts] of other.errors) for (const [what, n] of Object.entries(counts)) for (let i = 0; i < n; i++) this.fail(k, what);
  }
}
