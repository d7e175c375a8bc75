// Runs in a worker thread started by face-engine.ts (through worker-entry.mjs): loads the three
// face-api models that ship in the npm package once, then answers FaceRequests one at a time.
// Everything comes from node_modules: the wasm binary and the model weights; nothing is fetched.
import { createRequire } from 'node:module';
import path from 'node:path';
import { getHeapStatistics } from 'node:v8';
import { parentPort } from 'node:worker_threads';
import type * as Tf from '@tensorflow/tfjs';
import type * as TfWasm from '@tensorflow/tfjs-backend-wasm';
import type * as FaceApi from '@vladmandic/face-api/dist/face-api.node-wasm.js';
import type { DetectedFace, FaceRequest, FaceResponse, FaceWorkerStats } from './protocol.js';
import { faceTexture, type GreyImage } from './texture.js';

if (!parentPort) throw new Error('face-worker.ts must run in a worker thread');
const port = parentPort;

// face-api's node-wasm build is CommonJS and require()s tfjs itself; loading tfjs the same way gives
// one shared tfjs instance (an ESM import would load a second copy without the wasm backend set).
const require = createRequire(import.meta.url);
const tf = require('@tensorflow/tfjs') as typeof Tf;
const wasm = require('@tensorflow/tfjs-backend-wasm') as typeof TfWasm;
const faceapi = require('@vladmandic/face-api/dist/face-api.node-wasm.js') as typeof FaceApi;

/** Detections below this confidence are ignored (face-api's own default is 0.5). */
const MIN_CONFIDENCE = 0.5;

/** Tiny detector's input side for the upload face count (a multiple of 32): 320 keeps the upload pipeline at ~10 photos/s, 416 gave 7.3 (bench/photos). */
const DETECT_INPUT_SIZE = 320;

await loadBackend();
// The tiny detector is all an upload's face count needs; the three nets of the full analysis load on first use.
const modelDir = path.join(path.dirname(require.resolve('@vladmandic/face-api/package.json')), 'model');
await faceapi.nets.tinyFaceDetector.loadFromDisk(modelDir);
let ssd: Promise<void> | undefined;
let fullModels: Promise<void> | undefined;
port.on('message', (req: FaceRequest) => void answer(req));

async function loadBackend(): Promise<void> {
  // An absolute folder makes the Node build read the .wasm binary from disk instead of fetching it.
  wasm.setWasmPaths(path.dirname(require.resolve('@tensorflow/tfjs-backend-wasm')) + path.sep);
  if (!(await tf.setBackend('wasm'))) throw new Error('tfjs wasm backend failed to initialise');
  await tf.ready();
}

function loadSsd(): Promise<void> {
  ssd ??= faceapi.nets.ssdMobilenetv1.loadFromDisk(modelDir);
  return ssd;
}

function loadFullModels(): Promise<void> {
  fullModels ??= (async () => {
    await loadSsd();
    await faceapi.nets.faceLandmark68Net.loadFromDisk(modelDir);
    await faceapi.nets.faceRecognitionNet.loadFromDisk(modelDir);
  })();
  return fullModels;
}

async function answer(req: FaceRequest): Promise<void> {
  let response: FaceResponse;
  try {
    response =
      req.type === 'stats'
        ? { type: 'stats', id: req.id, stats: stats() }
        : req.type === 'detect'
          ? { type: 'count', id: req.id, count: await detect(req.pixels, req.width, req.height) }
          : { type: 'faces', id: req.id, faces: await analyze(req.pixels, req.width, req.height) };
  } catch (err) {
    response = { type: 'error', id: req.id, message: err instanceof Error ? err.message : String(err) };
  }
  port.postMessage(response);
}

/**
 * How many faces there are, detection only (no landmarks, no descriptor). The tiny detector (~45 ms)
 * answers when it finds one; it misses strongly tilted faces, so "none" is confirmed by the SSD
 * detector of the verification (~340 ms), which only faceless pictures pay for.
 */
async function detect(pixels: Uint8Array, width: number, height: number): Promise<number> {
  const image = toTensor(pixels, width, height);
  try {
    const input = image as unknown as Parameters<typeof faceapi.detectAllFaces>[0];
    const tiny = await faceapi.detectAllFaces(input, new faceapi.TinyFaceDetectorOptions({ inputSize: DETECT_INPUT_SIZE, scoreThreshold: MIN_CONFIDENCE }));
    if (tiny.length > 0) return tiny.length;
    await loadSsd();
    return (await faceapi.detectAllFaces(input, new faceapi.SsdMobilenetv1Options({ minConfidence: MIN_CONFIDENCE }))).length;
  } finally {
    image.dispose();
  }
}

function toTensor(pixels: Uint8Array, width: number, height: number): Tf.Tensor3D {
  if (pixels.length !== width * height * 3) throw new Error(`Expected ${width}x${height} RGB pixels, got ${pixels.length} bytes`);
  return tf.tensor3d(pixels, [height, width, 3], 'int32');
}

async function analyze(pixels: Uint8Array, width: number, height: number): Promise<DetectedFace[]> {
  await loadFullModels();
  const image = toTensor(pixels, width, height);
  try {
    const options = new faceapi.SsdMobilenetv1Options({ minConfidence: MIN_CONFIDENCE });
    // The CommonJS tfjs tensor is the same class face-api works with; only the type declarations differ.
    const input = image as unknown as Parameters<typeof faceapi.detectAllFaces>[0];
    const results = await faceapi.detectAllFaces(input, options).withFaceLandmarks().withFaceDescriptors();
    const grey = results.length > 0 ? toGrey(pixels, width, height) : undefined;
    return results.map((r) => {
      const landmarks = r.landmarks.positions.map((p) => ({ x: p.x, y: p.y }));
      return {
        score: r.detection.score,
        box: { x: r.detection.box.x, y: r.detection.box.y, width: r.detection.box.width, height: r.detection.box.height },
        landmarks,
        descriptor: Array.from(r.descriptor),
        texture: grey ? faceTexture(grey, landmarks) : [],
        mirroredTexture: grey ? faceTexture(grey, landmarks, true) : [],
      };
    });
  } finally {
    image.dispose();
  }
}

/** Rec. 601 luma of RGB pixels. */
function toGrey(pixels: Uint8Array, width: number, height: number): GreyImage {
  const grey = new Uint8Array(width * height);
  for (let i = 0; i < grey.length; i++) grey[i] = (299 * (pixels[3 * i] as number) + 587 * (pixels[3 * i + 1] as number) + 114 * (pixels[3 * i + 2] as number)) / 1000;
  return { width, height, grey };
}

function stats(): FaceWorkerStats {
  const heap = getHeapStatistics();
  const memory = tf.memory();
  return { heapUsedBytes: heap.used_heap_size, heapTotalBytes: heap.total_heap_size, tensorBytes: memory.numBytes, tensors: memory.numTensors };
}
