import sharp from 'sharp';

/** Side of the grayscale square the DCT runs on, and of the low-frequency block the bits come from. */
const N = 32;
const K = 8;

/** cos((2x + 1) u pi / 2N) for u < K, x < N: the only DCT terms the hash needs. */
const COS = Array.from({ length: K }, (_, u) => Float64Array.from({ length: N }, (_, x) => Math.cos(((2 * x + 1) * u * Math.PI) / (2 * N))));

/** A photo's perceptual hashes: of the picture and of its left-right mirror (a flipped copy matches the first). */
interface PhotoHashes {
  hash: bigint;
  mirror: bigint;
}

/**
 * 64-bit DCT perceptual hash (pHash): the picture as a 32x32 grayscale square, its 8x8 lowest
 * frequencies, one bit per coefficient above their median. Recompression, resizing and small colour
 * changes move few bits; a different picture differs in about half of them.
 */
async function photoHashes(image: Buffer): Promise<PhotoHashes> {
  const pixels = await sharp(image).rotate().greyscale().resize(4 * N, 4 * N, { fit: 'fill' }).blur(1.5).resize(N, N, { fit: 'fill', kernel: 'cubic' }).raw().toBuffer();
  const mirrored = Buffer.alloc(N * N);
  for (let y = 0; y < N; y++) for (let x = 0; x < N; x++) mirrored[y * N + x] = pixels[y * N + (N - 1 - x)]!;
  return { hash: hashOf(pixels), mirror: hashOf(mirrored) };
}

/** How much of each side the centre view leaves out (5 % each): a copy cropped by about that much matches it. */
const CENTRE_CROP = 0.1;

/** A view of a photo the duplicate check keeps: 0 the whole picture, 1 its centre (90 %). */
export interface ViewHashes extends PhotoHashes {
  view: 0 | 1;
}

/** The hashes of both views of an (already upright, re-encoded) photo. */
export async function photoViews(image: Buffer): Promise<ViewHashes[]> {
  const { width = 0, height = 0 } = await sharp(image).metadata();
  const left = Math.round((width * CENTRE_CROP) / 2);
  const top = Math.round((height * CENTRE_CROP) / 2);
  const centre = await sharp(image)
    .extract({ left, top, width: Math.max(1, width - 2 * left), height: Math.max(1, height - 2 * top) })
    .png()
    .toBuffer();
  const [whole, middle] = await Promise.all([photoHashes(image), photoHashes(centre)]);
  return [
    { view: 0, ...whole },
    { view: 1, ...middle },
  ];
}

function hashOf(pixels: Uint8Array): bigint {
  // Rows first (N x K), then columns (K x K).
  const rows = new Float64Array(N * K);
  for (let y = 0; y < N; y++) {
    for (let u = 0; u < K; u++) {
      let s = 0;
      for (let x = 0; x < N; x++) s += pixels[y * N + x]! * COS[u]![x]!;
      rows[y * K + u] = s;
    }
  }
  const coeffs = new Float64Array(K * K);
  for (let v = 0; v < K; v++) {
    for (let u = 0; u < K; u++) {
      let s = 0;
      for (let y = 0; y < N; y++) s += rows[y * K + u]! * COS[v]![y]!;
      coeffs[v * K + u] = s;
    }
  }
  const median = [...coeffs].sort((a, b) => a - b)[K * K / 2]!;
  let hash = 0n;
  for (let i = 0; i < K * K; i++) if (coeffs[i]! > median) hash |= 1n << BigInt(i);
  return hash;
}

/** Number of differing bits of two 64-bit hashes. */
export function hammingDistance(a: bigint, b: bigint): number {
  let x = BigInt.asUintN(64, a ^ b);
  let n = 0;
  while (x) {
    x &= x - 1n;
    n++;
  }
  return n;
}

/** The hash as PostgreSQL's signed bigint (the column type) and back. */
export const toSigned = (h: bigint): bigint => BigInt.asIntN(64, h);

/**
 * The four 16-bit bands the candidate lookup uses: two hashes within 7 bits differ in at most one
 * bit in at least one band (pigeonhole), so probing each band's value and its 16 one-bit neighbours
 * finds every hash within the threshold.
 */
export function bandsOf(h: bigint): [number, number, number, number] {
  const u = BigInt.asUintN(64, h);
  return [0, 1, 2, 3].map((i) => Number((u >> BigInt(16 * i)) & 0xffffn)) as [number, number, number, number];
}

/** Each band's value and its 16 one-bit neighbours, per band, for the given hashes. */
export function bandProbes(hashes: readonly bigint[]): [number[], number[], number[], number[]] {
  const probes: [Set<number>, Set<number>, Set<number>, Set<number>] = [new Set(), new Set(), new Set(), new Set()];
  for (const h of hashes) {
    bandsOf(h).forEach((value, i) => {
      probes[i]!.add(value);
      for (let bit = 0; bit < 16; bit++) probes[i]!.add(value ^ (1 << bit));
    });
  }
  return probes.map((s) => [...s]) as [number[], number[], number[], number[]];
}

/** Two photos count as the same picture at this many differing bits or fewer (measured: docs/SAFETY.md). */
export const DUPLICATE_MAX_DISTANCE = 4;
