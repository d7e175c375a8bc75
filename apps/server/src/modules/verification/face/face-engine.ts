import { createRequire } from 'node:module';
import { SerialWorker, type WithoutId } from '../../../platform/concurrency/serial-worker.js';
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
  private readonly worker: SerialWorker<FaceRequest, FaceResponse>;

  constructor(timeoutMs: number) {
    this.worker = new SerialWorker<FaceRequest, FaceResponse>({ url: workerUrl, heapMb: workerHeapMb, timeoutMs, label: 'Face analysis' });
  }

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

  close(): Promise<void> {
    return this.worker.close();
  }

  private request(request: WithoutId<FaceRequest>) {
    return this.worker.request(request, request.type === 'stats' ? [] : [request.pixels.buffer]);
  }
}
