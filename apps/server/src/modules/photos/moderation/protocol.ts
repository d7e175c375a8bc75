import type { NsfwScores } from './decision.js';

/** Side length of the square RGB image MobileNetV2 takes. */
export const MODEL_INPUT_SIZE = 224;

/** Main thread -> worker. `pixels` is MODEL_INPUT_SIZE² RGB bytes, row-major, transferred not copied. */
export interface ClassifyRequest {
  type: 'classify';
  id: number;
  pixels: Uint8Array<ArrayBuffer>;
}

/** Worker -> main thread. */
export type WorkerResponse =
  | { type: 'result'; id: number; scores: NsfwScores }
  | { type: 'error'; id: number; message: string };
