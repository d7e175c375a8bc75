/** A point in the pixel coordinates of the analysed image. */
export interface Point {
  x: number;
  y: number;
}

/** One face the detector found: where, how sure, its 68 landmarks and its 128-d descriptor. */
export interface DetectedFace {
  score: number;
  box: { x: number; y: number; width: number; height: number };
  /** The 68 landmarks of the iBUG 300-W scheme (0-16 jaw, 27-35 nose, 36-41 and 42-47 the eyes). */
  landmarks: Point[];
  descriptor: number[];
  /** The shape-free skin texture (texture.ts), as seen and as in the mirrored picture. */
  texture: number[];
  mirroredTexture: number[];
}

/** Main thread -> worker. `pixels` is width x height RGB bytes, row-major, transferred not copied. */
export type FaceRequest =
  | { type: 'analyze' | 'detect'; id: number; width: number; height: number; pixels: Uint8Array<ArrayBuffer> }
  | { type: 'stats'; id: number };

/** Memory of the worker: its own V8 heap and the tensors tfjs holds in wasm memory. */
export interface FaceWorkerStats {
  heapUsedBytes: number;
  heapTotalBytes: number;
  tensorBytes: number;
  tensors: number;
}

/** Worker -> main thread. */
export type FaceResponse =
  | { type: 'faces'; id: number; faces: DetectedFace[] }
  | { type: 'count'; id: number; count: number }
  | { type: 'stats'; id: number; stats: FaceWorkerStats }
  | { type: 'error'; id: number; message: string };
