import type { Point } from './protocol.js';

/**
 * The face's shape-free texture: grey values sampled at fixed barycentric positions inside triangles
 * spanned by inner landmarks (brows, eyes, nose, mouth; the jaw outline is left out, the landmark
 * model guesses it most). Moving, rotating, scaling, cropping or squeezing a picture moves the
 * landmarks with the skin, so a warped copy of a photo samples the same skin at the same positions:
 * its texture correlates with the photo's almost perfectly, whatever its pose reads as (the landmark
 * model reads a half-squeezed frontal face as a turned one, so the geometry alone cannot tell them
 * apart; measurements in docs/decisions/0044-verification-liveness.md).
 */
const TRIANGLES: readonly (readonly [number, number, number])[] = [
  [17, 21, 39], [17, 39, 36], [22, 26, 45], [22, 45, 42], [21, 22, 27], [21, 27, 39], [22, 42, 27],
  [39, 27, 30], [42, 30, 27], [36, 39, 31], [39, 30, 31], [42, 45, 35], [42, 35, 30], [31, 30, 33],
  [30, 35, 33], [36, 31, 48], [45, 54, 35], [31, 33, 51], [33, 35, 51], [31, 51, 48], [35, 54, 51],
  [48, 51, 57], [51, 54, 57],
];
/** Barycentric grid steps per triangle edge: (n+1)(n+2)/2 samples per triangle. */
const STEPS = 5;

/** The iBUG 68-point index that a landmark becomes in the mirrored picture. */
export const MIRRORED: readonly number[] = (() => {
  const m = Array.from({ length: 68 }, (_, i) => i);
  const pairs: [number, number][] = [
    [36, 45], [37, 44], [38, 43], [39, 42], [40, 47], [41, 46], [31, 35], [32, 34],
    [48, 54], [49, 53], [50, 52], [55, 59], [56, 58], [60, 64], [61, 63], [65, 67],
  ];
  for (let i = 0; i <= 16; i++) pairs.push([i, 16 - i]);
  for (let i = 0; i < 5; i++) pairs.push([17 + i, 26 - i]);
  for (const [a, b] of pairs) {
    m[a] = b;
    m[b] = a;
  }
  return m;
})();

/** Grey values of an image, row-major, one byte a pixel. */
export interface GreyImage {
  width: number;
  height: number;
  grey: Uint8Array;
}

function at(img: GreyImage, x: number, y: number): number {
  const cx = Math.min(img.width - 1, Math.max(0, x));
  const cy = Math.min(img.height - 1, Math.max(0, y));
  const x0 = Math.floor(cx);
  const y0 = Math.floor(cy);
  const x1 = Math.min(img.width - 1, x0 + 1);
  const y1 = Math.min(img.height - 1, y0 + 1);
  const fx = cx - x0;
  const fy = cy - y0;
  const g = (xx: number, yy: number) => img.grey[yy * img.width + xx] as number;
  return (g(x0, y0) * (1 - fx) + g(x1, y0) * fx) * (1 - fy) + (g(x0, y1) * (1 - fx) + g(x1, y1) * fx) * fy;
}

/** Zero mean, unit length: the dot product of two such textures is their correlation. */
function normalise(values: number[]): number[] {
  const mean = values.reduce((s, v) => s + v, 0) / values.length;
  const centred = values.map((v) => v - mean);
  const norm = Math.sqrt(centred.reduce((s, v) => s + v * v, 0)) || 1;
  return centred.map((v) => v / norm);
}

/**
 * The texture of the face with these landmarks. Each sample averages a small neighbourhood scaled
 * to the face (a 3 x 3 grid a 30th of the eye distance apart), so a large and a small picture of one face agree.
 */
export function faceTexture(img: GreyImage, landmarks: readonly Point[], mirrored = false): number[] {
  if (landmarks.length !== 68) throw new Error(`Expected 68 landmarks, got ${landmarks.length}`);
  const p = (i: number) => landmarks[mirrored ? (MIRRORED[i] as number) : i] as Point;
  const eyeDistance = Math.hypot(p(45).x - p(36).x, p(45).y - p(36).y);
  const step = Math.max(0.5, eyeDistance / 30);
  const values: number[] = [];
  for (const [a, b, c] of TRIANGLES) {
    const [A, B, C] = [p(a), p(b), p(c)];
    for (let i = 0; i <= STEPS; i++) {
      for (let j = 0; j <= STEPS - i; j++) {
        const u = i / STEPS;
        const v = j / STEPS;
        const w = 1 - u - v;
        const x = A.x * u + B.x * v + C.x * w;
        const y = A.y * u + B.y * v + C.y * w;
        let sum = 0;
        for (let dy = -1; dy <= 1; dy++) for (let dx = -1; dx <= 1; dx++) sum += at(img, x + dx * step, y + dy * step);
        values.push(sum / 9);
      }
    }
  }
  return normalise(values);
}

/** Correlation of two textures from faceTexture (-1..1; 1 = the same skin at the same places). */
export function textureCorrelation(a: readonly number[], b: readonly number[]): number {
  if (a.length !== b.length) throw new Error(`Texture lengths differ: ${a.length} vs ${b.length}`);
  let sum = 0;
  for (let i = 0; i < a.length; i++) sum += (a[i] as number) * (b[i] as number);
  return sum;
}
