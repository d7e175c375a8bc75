import type { Db, Queryable } from '../../db/client.js';
import { DelayedBatch } from '../concurrency/delayed-batch.js';
import { PeriodicJob } from '../jobs/periodic-job.js';
import type { Metrics } from '../metrics/metrics.js';
import { type ClaimOptions, markOutboxDone, markOutboxFailed, type OutboxTable } from './outbox.repo.js';

const MAX_ATTEMPTS = 12;

/** Backoff 10 s, 20 s, 40 s ... capped at one hour: about a day of retries, then the row is given up (dead letter). */
export function retryDelaySeconds(attempts: number): number | null {
  if (attempts >= MAX_ATTEMPTS) return null;
  return Math.min(3600, 10 * 2 ** (attempts - 1));
}

export interface SenderLog {
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

/** A claimed row: its id and how many attempts it has had, this one included. */
export interface OutboxItem {
  id: number;
  attempts: number;
}

/**
 * What one delivery came to: out (the row is marked sent), settled by the deliverer itself (push:
 * the subscription is gone, and its rows with it), or failed (retried after the backoff, given up
 * after the last attempt).
 */
export type Outcome = 'sent' | 'settled' | { failed: string; status?: number };

/** One outbox: its table, how a due row is claimed and read, and how it is delivered. */
export interface OutboxSpec<Item extends OutboxItem> {
  /** Names the outbox in logs and metrics: mail, push, events. */
  name: string;
  table: OutboxTable;
  claim(q: Queryable, options: ClaimOptions): Promise<Item | undefined>;
  deliver(item: Item): Promise<Outcome>;
  /** Records deliveries (default: sent_at); must be idempotent, it is retried on a lost connection. */
  markSent?(q: Queryable, ids: readonly number[]): Promise<void>;
  /** After each delivery and each failed attempt (the mail's counters by transport). */
  observe?: { sent(): void; failed(): void };
  /** Runs when the worker stops, after the last delivery (close a transport, an agent). */
  close?(): void;
}

/** What OutboxWorker is built from (named, so no call site depends on an argument order). */
export interface OutboxWorkerDeps<Item extends OutboxItem> {
  db: Db;
  log: SenderLog;
  metrics: Pick<Metrics, 'outboxDelivered' | 'outboxFailures' | 'outboxDeadLetters'>;
  spec: OutboxSpec<Item>;
  /** Deliveries in flight in this process; retries may take half of them, so fresh rows always find a slot. */
  concurrency?: number;
  /** A row claimed by a process that died is taken by another after this; a delivery's timeouts stay well below it. */
  leaseSeconds?: number;
  intervalMs?: number;
  /**
   * Deliveries are marked sent together, at most this long after the first of them (default 0: at
   * the next turn of the event loop, with those recorded meanwhile). A longer window writes one
   * statement for many rows under load; a crash inside it delivers those rows again once their lease
   * runs out, so only an outbox whose consumers are idempotent takes one (events).
   */
  markWindowMs?: number;
}

/**
 * Drains one outbox in every process: claims a row at a time under a lease, delivers it, marks it
 * sent or failed (backoff, dead letter after the last attempt). Up to `concurrency` deliveries run
 * at once; first attempts are claimed before retries and retries hold at most half the slots, so
 * rows that keep failing never starve fresh ones. Woken by kick(), else every `intervalMs`.
 */
export class OutboxWorker<Item extends OutboxItem> {
  private readonly job: PeriodicJob;
  private readonly db: Db;
  private readonly log: SenderLog;
  private readonly metrics: OutboxWorkerDeps<Item>['metrics'];
  private readonly spec: OutboxSpec<Item>;
  private readonly concurrency: number;
  readonly leaseSeconds: number;
  private readonly workers = new Set<Promise<void>>();
  /** Deliveries recorded within the mark window go out together (one statement, not one each). */
  private readonly marks: DelayedBatch<number>;
  private retrying = 0;
  private started = false;

  constructor(deps: OutboxWorkerDeps<Item>) {
    this.db = deps.db;
    this.log = deps.log;
    this.metrics = deps.metrics;
    this.spec = deps.spec;
    this.concurrency = deps.concurrency ?? 1;
    this.leaseSeconds = deps.leaseSeconds ?? 60;
    const markSent = this.spec.markSent ?? ((q: Queryable, ids: readonly number[]) => markOutboxDone(q, this.spec.table, ids));
    this.marks = new DelayedBatch((ids) => markSent(this.db, ids), deps.markWindowMs ?? 0);
    // A run fills the free slots and waits for those loops only: deliveries started meanwhile (deliverClaimed) never hold up the next.
    this.job = new PeriodicJob(async () => void (await Promise.all(this.fill())), deps.intervalMs ?? 5000, (err) => this.failedRun(err));
  }

  start(): void {
    this.started = true;
    this.job.start();
  }

  /** Something was written: free slots start on it now, not after the deliveries already in flight. */
  kick(): void {
    if (!this.started) return;
    void this.fill();
    this.job.kick();
  }

  async stop(): Promise<void> {
    this.started = false;
    await this.job.stop();
    await this.marks.hurried(() => this.idle());
    this.spec.close?.();
  }

  /**
   * Delivers everything due and waits until this process is idle; answers how many the loops it
   * started sent. It always starts a loop of its own besides filling the free slots, so two drains
   * at once claim against each other as two processes would. Public for tests and the CLI.
   */
  drain(): Promise<number> {
    return this.marks.hurried(async () => {
      const counts = await Promise.all([this.spawn(), ...this.fill()]);
      await this.idle();
      return counts.reduce((a, b) => a + b, 0);
    });
  }

  /** Waits until no delivery of this process is in flight (their marks written). */
  private async idle(): Promise<void> {
    while (this.workers.size > 0) await Promise.all([...this.workers]);
  }

  /**
   * Delivers a row this process claimed itself when it wrote it (under the lease, its first attempt
   * counted): the same settling as a claimed row's, tracked like the workers (drain waits for it).
   */
  deliverClaimed(item: Item): void {
    this.track(this.settle(item).then(() => undefined));
  }

  private track(work: Promise<void>): void {
    const p: Promise<void> = work.catch((err: unknown) => this.failedRun(err)).finally(() => this.workers.delete(p));
    this.workers.add(p);
  }

  /** Starts workers up to the bound; each claims and delivers until nothing is due for it. */
  private fill(): Promise<number>[] {
    const loops: Promise<number>[] = [];
    while (this.workers.size < this.concurrency) loops.push(this.spawn());
    return loops;
  }

  /** One worker loop, tracked; answers how many it sent (0 if it broke off, which is logged). */
  private spawn(): Promise<number> {
    const loop = this.work();
    this.track(loop.then(() => undefined));
    return loop.catch(() => 0);
  }

  private async work(): Promise<number> {
    let sent = 0;
    for (;;) {
      const item = await this.claim();
      if (!item) return sent;
      try {
        if (await this.settle(item)) sent++;
      } finally {
        if (item.attempts > 1) this.retrying--;
      }
    }
  }

  /** The next due row. A retry slot is reserved before the claim (retries never hold more than half the workers) and kept only by a retry. */
  private async claim(): Promise<Item | undefined> {
    const reserved = this.retrying < this.concurrency / 2;
    if (reserved) this.retrying++;
    let item: Item | undefined;
    try {
      item = await this.spec.claim(this.db, { leaseSeconds: this.leaseSeconds, retries: reserved });
    } finally {
      if (reserved && !(item && item.attempts > 1)) this.retrying--;
    }
    return item;
  }

  /** Delivers a claimed row and records the outcome; true when it went out. */
  private async settle(item: Item): Promise<boolean> {
    let outcome: Outcome;
    try {
      outcome = await this.spec.deliver(item);
    } catch (err) {
      outcome = { failed: (err as Error).message };
    }
    if (outcome === 'sent') await this.recordSent(item.id);
    else if (outcome !== 'settled') await this.failed(item, outcome);
    return outcome === 'sent';
  }

  /**
   * The row is out; only the database write is left (shared with the deliveries recorded
   * meanwhile). A lost connection here is retried (the write is idempotent) instead of counting as
   * a failed delivery, which would deliver it again. Should the database stay away for good, the
   * lease runs out and the row goes out once more.
   */
  private async recordSent(id: number): Promise<void> {
    for (let attempt = 1; ; attempt++) {
      try {
        await this.marks.add(id);
        break;
      } catch (err) {
        if (attempt >= 5) throw err;
        await new Promise((r) => setTimeout(r, 200 * attempt));
      }
    }
    this.metrics.outboxDelivered.inc({ outbox: this.spec.name });
    this.spec.observe?.sent();
  }

  private async failed(item: Item, { failed: error, status }: { failed: string; status?: number }): Promise<void> {
    const retry = retryDelaySeconds(item.attempts);
    this.metrics.outboxFailures.inc({ outbox: this.spec.name });
    this.spec.observe?.failed();
    this.log.warn({ outbox: this.spec.name, id: item.id, attempts: item.attempts, status, err: error }, 'outbox delivery failed');
    await markOutboxFailed(this.db, this.spec.table, item.id, error, retry);
    if (retry !== null) return;
    this.metrics.outboxDeadLetters.inc({ outbox: this.spec.name });
    this.log.error({ outbox: this.spec.name, id: item.id, attempts: item.attempts, err: error }, 'outbox row given up');
  }

  private failedRun(err: unknown): void {
    this.log.error({ err, outbox: this.spec.name }, 'outbox run failed');
  }
}
