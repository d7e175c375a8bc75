import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import { toRgb } from './preprocess.js';
import type { DetectedFace, FaceRequest, FaceResponse, FaceWorkerStats } from './protocol.js';

export interface FaceEngine {
  /** Every face in any image sharp can read, with landmarks and descriptor. Rejects on bad input, timeout or a dead worker. */
  analyze(image: Buffer): Promise<DetectedFace[]>;
  /** How many faces the tiny detector finds (the upload's cheap check: detection only). */
  countFaces(image: Buffer): Promise<number>;
  /** Memory of the worker (starts it if needed). */
  stats(): Promise<FaceWorkerStats>;
  /** Ends the worker and rejects what is outstanding; a later call starts a new one. */
  close(): Promise<void>;
}

const faceApiVersion = (createRequire(import.meta.url)('@vladmandic/face-api/package.json') as { version: string }).version;
/** Stored with every result, so a later model change can tell which results came from which model. */
export const FACE_MODEL_VERSION = `face-api ${faceApiVersion} ssd_mobilenetv1+landmark68+recognition`;

type Payload = { type: 'analyze' | 'detect'; width: number; height: number; pixels: Uint8Array<ArrayBuffer> } | { type: 'stats' };

interface Job {
  id: number;
  payload: Payload;
  resolve: (response: FaceResponse) => void;
  reject: (err: Error) => void;
}

// Plain JS so Node can start it directly; it loads face-worker.ts.
const workerUrl = new URL('./worker-entry.mjs', import.meta.url);
// Weights and tensors sit in wasm memory, outside this cap; it bounds the JS heap of the worker.
const workerHeapMb = 128;
/** Longest side handed to the tiny detector at upload (it resizes to 320 px inside). */
const DETECT_SIDE = 640;

/** face-api (SSD MobileNetV1, 68 landmarks, ResNet-34 descriptor) on tfjs-wasm in one worker thread, started on first use; requests run one at a time. */
export function createFaceEngine(options: { timeoutMs?: number } = {}): FaceEngine {
  return new WorkerFaceEngine(options.timeoutMs ?? 30_000);
}

class WorkerFaceEngine implements FaceEngine {
  private worker: Worker | undefined;
  private readonly queue: Job[] = [];
  private inFlight: Job | undefined;
  private watchdog: NodeJS.Timeout | undefined;
  private nextId = 1;

  constructor(private readonly timeoutMs: number) {}

  async analyze(image: Buffer): Promise<DetectedFace[]> {
    const rgb = await toRgb(image);
    const response = await this.request({ type: 'analyze', ...rgb });
    if (response.type !== 'faces') throw new Error('Face worker answered the wrong request');
    return response.faces;
  }

  async countFaces(image: Buffer): Promise<number> {
    // The tiny detector works on DETECT_SIDE px anyway: a smaller frame costs less to decode, copy and resize.
    const rgb = await toRgb(image, DETECT_SIDE);
    const response = await this.request({ type: 'detect', ...rgb });
    if (response.type !== 'count') throw new Error('Face worker answered the wrong request');
    return response.count;
  }

  async stats(): Promise<FaceWorkerStats> {
    const response = await this.request({ type: 'stats' });
    if (response.type !== 'stats') throw new Error('Face worker answered the wrong request');
    return response.stats;
  }

  async close(): Promise<void> {
    if (this.worker) await this.fail(this.worker, new Error('Face engine closed'));
  }

  private request(payload: Payload): Promise<FaceResponse> {
    return new Promise<FaceResponse>((resolve, reject) => {
      const deadline = setTimeout(() => {
        const queued = this.queue.indexOf(job);
        if (queued >= 0) this.queue.splice(queued, 1);
        reject(new Error(`Face analysis timed out after ${this.timeoutMs} ms`));
      }, this.timeoutMs);
      const job: Job = {
        id: this.nextId++,
        payload,
        resolve: (r) => {
          clearTimeout(deadline);
          if (r.type === 'error') reject(new Error(`Face analysis failed: ${r.message}`));
          else resolve(r);
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

  private dispatch(): void {
    if (this.inFlight) return;
    const job = this.queue.shift();
    if (!job) return;
    this.inFlight = job;
    const worker = (this.worker ??= this.startWorker());
    // A caller's deadline only abandons its promise; a worker stuck this long on one image is presumed hung.
    this.watchdog = setTimeout(() => void this.fail(worker, new Error(`Face worker hung for ${this.timeoutMs} ms`)), this.timeoutMs);
    const request: FaceRequest = { ...job.payload, id: job.id };
    worker.postMessage(request, request.type === 'stats' ? [] : [request.pixels.buffer]);
  }

  private startWorker(): Worker {
    const worker = new Worker(workerUrl, { resourceLimits: { maxOldGenerationSizeMb: workerHeapMb } });
    // Outstanding jobs hold timers, which keep the process alive; an idle worker should not.
    worker.unref();
    worker.on('message', (response: FaceResponse) => this.receive(response));
    worker.on('error', (err) => void this.fail(worker, err));
    worker.on('messageerror', (err) => void this.fail(worker, err));
    worker.on('exit', (code) => void this.fail(worker, new Error(`Face worker exited with code ${code}`)));
    return worker;
  }

  private receive(response: FaceResponse): void {
    const job = this.inFlight;
    if (!job || job.id !== response.id) return;
    clearTimeout(this.watchdog);
    this.inFlight = undefined;
    job.resolve(response);
    this.dispatch();
  }

  /** The worker is gone or unusable: everything outstanding fails, the next call starts afresh. */
  private async fail(worker: Worker, cause: Error): Promise<void> {
    if (worker !== this.worker) return;
    this.worker = undefined;
    clearTimeout(this.watchdog);
    const jobs = [...(this.inFlight ? [this.inFlight] : []), ...this.queue.splice(0)];
    this.inFlight = undefined;
    for (const job of jobs) job.reject(new Error(`Face analysis failed: ${cause.message}`, { cause }));
    await worker.terminate();
  }
}
