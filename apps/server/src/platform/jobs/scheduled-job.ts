import { randomUUID } from 'node:crypto';
import type { Db } from '../../db/client.js';
import { claimRun, finishRun } from './job-runs.repo.js';
import { PeriodicJob } from './periodic-job.js';

export interface ScheduledJobOptions {
  /** Unique across the cluster: the row in job_runs. */
  name: string;
  /** Time from the end of one run to the next due one. */
  intervalMs: number;
  /** How often each process asks whether a run is due. */
  pollMs: number;
  /** A process that dies mid-run holds the job this long; then another takes it over. */
  leaseMs?: number;
  onError(err: unknown): void;
}

/**
 * A periodic task that runs once per interval across every process sharing the database: each
 * process polls, one claims the due run (job_runs), the others skip it. The tasks themselves
 * still claim their rows (FOR UPDATE SKIP LOCKED or conditional updates), so even a run that
 * outlived its lease cannot apply a change twice.
 */
export class ScheduledJob {
  private readonly owner = randomUUID();
  private readonly poller: PeriodicJob;

  constructor(
    private readonly db: Db,
    private readonly task: () => Promise<void>,
    private readonly options: ScheduledJobOptions,
  ) {
    this.poller = new PeriodicJob(async () => void (await this.runIfDue()), options.pollMs, options.onError);
  }

  get name(): string {
    return this.options.name;
  }

  start(): void {
    this.poller.start();
  }

  /** Asks again soon (after a "run now" was scheduled). */
  kick(): void {
    this.poller.kick();
  }

  stop(): Promise<void> {
    return this.poller.stop();
  }

  /** Runs the task if this process claims a due run; true when it ran. */
  async runIfDue(): Promise<boolean> {
    const { name, intervalMs, leaseMs = Math.max(300_000, intervalMs / 10) } = this.options;
    if (!(await claimRun(this.db, name, this.owner, Math.ceil(leaseMs / 1000)))) return false;
    let error: string | null = null;
    try {
      await this.task();
    } catch (err) {
      error = err instanceof Error ? err.message.slice(0, 500) : 'failed';
      this.options.onError(err);
    }
    // A failed run is tried again within a minute, a good one after the interval.
    const next = error ? Math.min(intervalMs, 60_000) : intervalMs;
    await finishRun(this.db, name, this.owner, Math.ceil(next / 1000), error);
    return true;
  }
}
