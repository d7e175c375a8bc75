import { Worker } from 'node:worker_threads';

/** What a worker answers: the request's id, and an `error` message when it failed. */
type Answer = { id: number } & ({ type: 'error'; message: string } | { type: string });

/** A request as the caller writes it: SerialWorker gives it its id (per member of a union). */
export type WithoutId<T> = T extends unknown ? Omit<T, 'id'> : never;

export interface SerialWorkerOptions {
  /** The worker's entry (plain JS, so Node can start it directly). */
  url: URL;
  /** Cap of the worker's JS heap (model weights in wasm memory are outside it). */
  heapMb: number;
  /** Longest a request waits (queue, model load on first use, work); also when a busy worker counts as hung. */
  timeoutMs: number;
  /** Named in every error, e.g. 'Face analysis'. */
  label: string;
}

interface Job<R, A> {
  id: number;
  request: WithoutId<R>;
  transfer: ArrayBuffer[];
  resolve: (answer: A) => void;
  reject: (err: Error) => void;
}

/**
 * One worker thread, started on first use, that answers requests one at a time in arrival order
 * (the models it runs use both cores by themselves). A request's deadline abandons only its
 * promise; a worker busy longer than that on one request is presumed hung and restarted. A dead or
 * unusable worker fails everything outstanding and the next request starts a new one.
 */
export class SerialWorker<R extends { id: number }, A extends Answer> {
  private worker: Worker | undefined;
  private readonly queue: Job<R, A>[] = [];
  private inFlight: Job<R, A> | undefined;
  private watchdog: NodeJS.Timeout | undefined;
  private nextId = 1;

  constructor(private readonly o: SerialWorkerOptions) {}

  /** Sends `request` (with a fresh id; `transfer` is moved, not copied) and resolves with the worker's answer; an `error` answer rejects. */
  request(request: WithoutId<R>, transfer: ArrayBuffer[] = []): Promise<Exclude<A, { type: 'error' }>> {
    return new Promise((resolve, reject) => {
      const deadline = setTimeout(() => {
        const queued = this.queue.indexOf(job);
        if (queued >= 0) this.queue.splice(queued, 1);
        reject(new Error(`${this.o.label} timed out after ${this.o.timeoutMs} ms`));
      }, this.o.timeoutMs);
      const job: Job<R, A> = {
        id: this.nextId++,
        request,
        transfer,
        resolve: (answer) => {
          clearTimeout(deadline);
          if (answer.type === 'error' && 'message' in answer) reject(new Error(`${this.o.label} failed: ${answer.message}`));
          else resolve(answer as Exclude<A, { type: 'error' }>);
        },
        reject: (err) => {
          clearTimeout(deadline);
          reject(err);
        },
      };
      this.queue.push(job);
      this.dispatch();
    });
  }

  /** Ends the worker and rejects what is outstanding; a later request starts a new one. */
  async close(): Promise<void> {
    if (this.worker) await this.fail(this.worker, new Error(`${this.o.label} closed`));
  }

  private dispatch(): void {
    if (this.inFlight) return;
    const job = this.queue.shift();
    if (!job) return;
    this.inFlight = job;
    const worker = (this.worker ??= this.startWorker());
    this.watchdog = setTimeout(() => void this.fail(worker, new Error(`${this.o.label} worker hung for ${this.o.timeoutMs} ms`)), this.o.timeoutMs);
    worker.postMessage({ ...job.request, id: job.id }, job.transfer);
  }

  private startWorker(): Worker {
    const worker = new Worker(this.o.url, { resourceLimits: { maxOldGenerationSizeMb: this.o.heapMb } });
    // Outstanding jobs hold timers, which keep the process alive; an idle worker should not.
    worker.unref();
    worker.on('message', (answer: A) => this.receive(answer));
    worker.on('error', (err) => void this.fail(worker, err));
    worker.on('messageerror', (err) => void this.fail(worker, err));
    worker.on('exit', (code) => void this.fail(worker, new Error(`${this.o.label} worker exited with code ${code}`)));
    return worker;
  }

  private receive(answer: A): void {
    const job = this.inFlight;
    if (!job || job.id !== answer.id) return;
    clearTimeout(this.watchdog);
    this.inFlight = undefined;
    job.resolve(answer);
    this.dispatch();
  }

  private async fail(worker: Worker, cause: Error): Promise<void> {
    if (worker !== this.worker) return;
    this.worker = undefined;
    clearTimeout(this.watchdog);
    const jobs = [...(this.inFlight ? [this.inFlight] : []), ...this.queue.splice(0)];
    this.inFlight = undefined;
    for (const job of jobs) job.reject(new Error(`${this.o.label} failed: ${cause.message}`, { cause }));
    await worker.terminate();
  }
}
