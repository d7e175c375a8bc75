// Runs in a worker thread started by moderator.ts (through worker-entry.mjs): loads the bundled model
// once, then answers ClassifyRequests. If loading fails the worker dies and the next call restarts it.
import { createRequire } from 'node:module';
import path from 'node:path';
import { parentPort } from 'node:worker_threads';
import * as tf from '@tensorflow/tfjs';
import { setWasmPaths } from '@tensorflow/tfjs-backend-wasm';
import { load, type NSFWJS } from 'nsfwjs';
import { nsfwClasses, type NsfwScores } from './decision.js';
import { MODEL_INPUT_SIZE, type ClassifyRequest, type WorkerResponse } from './protocol.js';

if (!parentPort) throw new Error('nsfw-worker.ts must run in a worker thread');
const port = parentPort;

const model = await loadModel();
port.on('message', (req: ClassifyRequest) => void answer(req));

async function loadModel(): Promise<NSFWJS> {
  // An absolute folder makes the Node build read the .wasm binary from disk instead of fetching it.
  const wasmDir = path.dirname(createRequire(import.meta.url).resolve('@tensorflow/tfjs-backend-wasm'));
  setWasmPaths(wasmDir + path.sep);
  if (!(await tf.setBackend('wasm'))) throw new Error('tfjs wasm backend failed to initialise');
  await tf.ready();
  // nsfwjs advertises model hosting on console.info at every load; keep it out of the server log.
  const info = console.info;
  console.info = () => {};
  try {
    return await load('MobileNetV2');
  } finally {
    console.info = info;
  }
}

async function answer(req: ClassifyRequest): Promise<void> {
  let response: WorkerResponse;
  try {
    response = { type: 'result', id: req.id, scores: await classify(req.pixels) };
  } catch (err) {
    response = { type: 'error', id: req.id, message: err instanceof Error ? err.message : String(err) };
  }
  port.postMessage(response);
}

async function classify(pixels: Uint8Array): Promise<NsfwScores> {
  if (pixels.length !== MODEL_INPUT_SIZE * MODEL_INPUT_SIZE * 3) throw new Error(`Expected ${MODEL_INPUT_SIZE}x${MODEL_INPUT_SIZE} RGB pixels, got ${pixels.length} bytes`);
  const image = tf.tensor3d(pixels, [MODEL_INPUT_SIZE, MODEL_INPUT_SIZE, 3], 'int32');
  try {
    const predictions = await model.classify(image, nsfwClasses.length);
    const scores = Object.fromEntries(predictions.map((p) => [p.className, p.probability]));
    return Object.fromEntries(nsfwClasses.map((c) => [c, scores[c] ?? Number.NaN])) as NsfwScores;
  } finally {
    image.dispose();
  }
}
