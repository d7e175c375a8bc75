import { SerialWorker } from '../../../platform/concurrency/serial-worker.js';
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
  private readonly worker: SerialWorker<ClassifyRequest, WorkerResponse>;

  constructor(timeoutMs: number) {
    this.worker = new SerialWorker<ClassifyRequest, WorkerResponse>({ url: workerUrl, heapMb: workerHeapMb, timeoutMs, label: 'NSFW classification' });
  }

  async classify(image: Buffer): Promise<NsfwScores> {
    const pixels = await toModelPixels(image);
    const answer = await this.worker.request({ type: 'classify', pixels }, [pixels.buffer]);
    return answer.scores;
  }

  close(): Promise<void> {
    return this.worker.close();
  }
}
