import { Worker } from 'node:worker_threads';
import type { NsfwScores } from './decision.js';
import { toModelPixels } from './preprocess.js';
import type { ClassifyRequest, WorkerResponse } from './protocol.js';

export interface Moderator {
  /** NSFW class probabilities for any image sharp can read. Rejects on bad input, timeout or a dead worker. */
  classify(image: Buffer): Promise<NsfwScores>;
  /** Ends the worker and rejects what is outstanding; a later classify() starts a new one. */
  close(): Promise<void>;
}

export interface NsfwModeratorOptions {
  /** Longest a classify() waits for the worker (queue, model load on first use, inference). */
  timeoutMs?: number;
}

interface Job {
  id: number;
  pixels: Uint8Array<ArrayBuffer>;
  resolve: (scores: NsfwScores) => void;
  reject: (err: Error) => void;
}

// Plain JS so Node can start it directly; it loads nsfw-worker.ts (see why there).
const workerUrl = new URL('./worker-entry.mjs', import.meta.url);
// The worker's live JS heap is ~70 MB (weights sit in wasm memory, outside it). Uncapped, V8 lets
// inference garbage pile up to ~250 MB before a full GC; a worker that does run out just restarts.
const workerHeapMb = 128;

/** nsfwjs MobileNetV2 on tfjs-wasm in one worker thread, started on first use; requests queue and run one at a time. */
export function createNsfwModerator(options: NsfwModeratorOptions = {}): Moderator {
  return new NsfwModerator(options.timeoutMs ?? 20_000);
}

class NsfwModerator implements Moderator {
  private worker: Worker | undefined;
  private readonly queue: Job[] = [];
  private inFlight: Job | undefined;
  private watchdog: NodeJS.Timeout | undefined;
  private nextId = 1;

  constructor(private readonly timeoutMs: number) {}

  async classify(image: Buffer): Promise<NsfwScores> {
    const pixels = await toModelPixels(image);
    return new Promise<NsfwScores>((resolve, reject) => {
      const deadline = setTimeout(() => {
        const queued = this.queue.indexOf(job);
        if (queued >= 0) this.queue.splice(queued, 1);
        reject(new Error(`NSFW classification timed out after ${this.timeoutMs} ms`));
      }, this.timeoutMs);
      const job: Job = {
        id: this.nextId++,
        pixels,
        resolve: (scores) => {
          clearTimeout(deadline);
          resolve(scores);
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

  async close(): Promise<void> {
    if (this.worker) await this.fail(this.worker, new Error('NSFW moderator closed'));
  }

  private dispatch(): void {
    if (this.inFlight) return;
    const job = this.queue.shift();
    if (!job) return;
    this.inFlight = job;
    const worker = (this.worker ??= this.startWorker());
    // A caller's deadline only abandons its promise; a worker stuck this long on one image is presumed hung.
    this.watchdog = setTimeout(() => void this.fail(worker, new Error(`NSFW worker hung for ${this.timeoutMs} ms`)), this.timeoutMs);
    const request: ClassifyRequest = { type: 'classify', id: job.id, pixels: job.pixels };
    worker.postMessage(request, [job.pixels.buffer]);
  }

  private startWorker(): Worker {
    const worker = new Worker(workerUrl, { resourceLimits: { maxOldGenerationSizeMb: workerHeapMb } });
    // Outstanding jobs hold timers, which keep the process alive; an idle worker should not.
    worker.unref();
    worker.on('message', (response: WorkerResponse) => this.receive(response));
    worker.on('error', (err) => void this.fail(worker, err));
    worker.on('messageerror', (err) => void this.fail(worker, err));
    worker.on('exit', (code) => void this.fail(worker, new Error(`NSFW worker exited with code ${code}`)));
    return worker;
  }

  private receive(response: WorkerResponse): void {
    const job = this.inFlight;
    if (!job || job.id !== response.id) return;
    clearTimeout(this.watchdog);
    this.inFlight = undefined;
    if (response.type === 'result') job.resolve(response.scores);
    else job.reject(new Error(`NSFW classification failed: ${response.message}`));
    this.dispatch();
  }

  /** The worker is gone or unusable: everything outstanding fails, the next classify() starts afresh. */
  private async fail(worker: Worker, cause: Error): Promise<void> {
    if (worker !== this.worker) return;
    this.worker = undefined;
    clearTimeout(this.watchdog);
    const jobs = [...(this.inFlight ? [this.inFlight] : []), ...this.queue.splice(0)];
    this.inFlight = undefined;
    for (const job of jobs) job.reject(new Error(`NSFW classification failed: ${cause.message}`, { cause }));
    await worker.terminate();
  }
}
