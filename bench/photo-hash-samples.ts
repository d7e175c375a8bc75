/**
 * Pictures for the duplicate-photo measurements: portraits cut from the sample photos inside
 * @vladmandic/face-api (as apps/server/test/faces.ts does), each with the copies a thief makes
 * (recompressed, resized, mirrored, cropped, recoloured), and the demo avatars (look-alikes by
 * design, which must not match each other). Nothing is downloaded or written.
 */
import sharp from 'sharp';
import { renderAvatar } from '../apps/server/src/demo/avatar.js';
import { samplePath } from '../apps/server/test/faces.js';

export interface Original {
  name: string;
  image: Buffer;
}

const SAMPLES = [1, 2, 3, 4, 5, 6] as const;

/** Four portrait-shaped windows per sample photo (different people and scenes, some overlapping scenes). */
export async function originals(): Promise<Original[]> {
  const out: Original[] = [];
  for (const n of SAMPLES) {
    const meta = await sharp(samplePath(n)).metadata();
    const w = meta.width!;
    const h = meta.height!;
    const cw = Math.round(h * 0.75);
    for (const [i, left] of [0, 0.25, 0.5, 0.75].entries()) {
      const x = Math.min(w - cw, Math.round((w - cw) * left));
      const image = await sharp(samplePath(n)).extract({ left: x, top: 0, width: cw, height: h }).resize(1080, 1080, { fit: 'inside' }).jpeg({ quality: 90 }).toBuffer();
      out.push({ name: `sample${n}-${i}`, image });
    }
  }
  return out;
}

/** The copies of one picture that should count as the same photo. */
export async function variants(image: Buffer): Promise<{ kind: string; image: Buffer }[]> {
  const meta = await sharp(image).metadata();
  const w = meta.width!;
  const h = meta.height!;
  const crop = (f: number) => sharp(image).extract({ left: Math.round((w * f) / 2), top: Math.round((h * f) / 2), width: Math.round(w * (1 - f)), height: Math.round(h * (1 - f)) });
  return [
    { kind: 'recompressed (JPEG q 40)', image: await sharp(image).jpeg({ quality: 40 }).toBuffer() },
    { kind: 'resized to 320 px', image: await sharp(image).resize(320).jpeg().toBuffer() },
    { kind: 'mirrored', image: await sharp(image).flop().jpeg().toBuffer() },
    { kind: '10 % crop (5 % each side)', image: await crop(0.1).jpeg().toBuffer() },
    { kind: '10 % crop, one side', image: await sharp(image).extract({ left: 0, top: 0, width: Math.round(w * 0.9), height: h }).jpeg().toBuffer() },
    { kind: 'brighter, more saturated', image: await sharp(image).modulate({ brightness: 1.1, saturation: 1.3 }).jpeg().toBuffer() },
    { kind: 'grayscale', image: await sharp(image).greyscale().jpeg().toBuffer() },
    { kind: 'mirrored + 10 % crop + recompressed', image: await sharp(await crop(0.1).flop().toBuffer()).jpeg({ quality: 50 }).toBuffer() },
  ];
}

/** Demo avatars: generated faces in one style, different people. */
export async function avatars(count: number): Promise<Original[]> {
  const out: Original[] = [];
  for (let seed = 1; seed <= count; seed++) out.push({ name: `avatar ${seed}`, image: await renderAvatar(seed * 7919, seed % 2 ? 'female' : 'male') });
  return out;
}
