// Photos with a real face for e2e uploads: the upload's face check refuses a main photo without one.
// The face is a crop of a sample photo that ships inside @vladmandic/face-api (no download).
import { createRequire } from 'node:module';
import path from 'node:path';
import sharp from 'sharp';

const sample = path.join(path.dirname(createRequire(import.meta.url).resolve('@vladmandic/face-api/package.json')), 'demo', 'sample5.jpg');
/** A frontal, upright face in sample5.jpg with some margin around it. */
const frontal = { left: 1018, top: 56, width: 348, height: 520 };

/** A JPEG of the given size and background colour with the face in the middle. */
export async function facePhoto(width = 600, height = 750, fill = '#8ab'): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><rect width="100%" height="100%" fill="${fill}"/></svg>`;
  const face = await sharp(sample)
    .extract(frontal)
    .resize({ width: Math.round(width * 0.6), height: Math.round(height * 0.7), fit: 'inside' })
    .toBuffer({ resolveWithObject: true });
  return sharp(Buffer.from(svg))
    .composite([{ input: face.data, left: Math.round((width - face.info.width) / 2), top: Math.round((height - face.info.height) / 2) }])
    .jpeg()
    .toBuffer();
}
