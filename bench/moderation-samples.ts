/**
 * The ordinary, clothed pictures bench/moderation runs the NSFW model over: the sample photos inside
 * @vladmandic/face-api (group photos of clothed women, 1920 px) whole, the face crops the tests use
 * (apps/server/test/faces.ts), and for every face the detector finds three portraits as members
 * take them: the head, head and shoulders, and down to the waist. Nothing is downloaded or written.
 */
import sharp from 'sharp';
import type { FaceEngine } from '../apps/server/src/modules/verification/face/face-engine.js';
import { MAX_SIDE } from '../apps/server/src/modules/verification/face/preprocess.js';
import { faceCrop, faces, ordinaryPortrait, samplePath } from '../apps/server/test/faces.js';

export interface Sample {
  name: string;
  image: Buffer;
}

const samples = [1, 2, 3, 4, 5, 6] as const;

/** Space around the face box, in box widths (sides) and heights (above, below). */
const framings = {
  head: { side: 0.6, above: 0.6, below: 0.6 },
  shoulders: { side: 1.2, above: 0.7, below: 2 },
  waist: { side: 1.6, above: 0.6, below: 4.5 },
} as const;

export async function ordinarySamples(engine: FaceEngine): Promise<Sample[]> {
  const out: Sample[] = [];
  for (const [name, face] of Object.entries(faces)) out.push({ name: `test face ${name}`, image: await faceCrop(face) });
  out.push({ name: 'test ordinaryPortrait', image: await ordinaryPortrait() });
  for (const n of samples) {
    const file = samplePath(n);
    const whole = await sharp(file).jpeg().toBuffer();
    out.push({ name: `sample${n} whole`, image: whole });
    const { width, height } = await sharp(file).metadata();
    // The detector sees the photo shrunk to MAX_SIDE on its longest side: its boxes are in those pixels.
    const longest = Math.max(width, height);
    const scale = longest / Math.min(MAX_SIDE, longest);
    const found = (await engine.analyze(whole)).sort((a, b) => a.box.x - b.box.x);
    for (const [i, { box }] of found.entries()) {
      const [x, y, w, h] = [box.x * scale, box.y * scale, box.width * scale, box.height * scale];
      for (const [framing, m] of Object.entries(framings)) {
        const left = Math.max(0, Math.round(x - w * m.side));
        const top = Math.max(0, Math.round(y - h * m.above));
        const right = Math.min(width, Math.round(x + w * (1 + m.side)));
        const bottom = Math.min(height, Math.round(y + h * (1 + m.below)));
        const image = await sharp(file).extract({ left, top, width: right - left, height: bottom - top }).jpeg({ quality: 90 }).toBuffer();
        out.push({ name: `sample${n} person ${i + 1} ${framing}`, image });
      }
    }
  }
  return out;
}
