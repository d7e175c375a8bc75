// The replay attack on photo verification (issue 54, finding 3): frames made from one still photo by
// 2-D warps, from the photo as it is to the asked pose. Reproduced: the main photo mirrored with one
// half squeezed to 60 % read as a turn to the left, rotated 14 degrees as a tilt, one half squeezed
// as a turn to the right.
import type { VerificationInstruction } from '@funkeln/contracts/verification';
import sharp from 'sharp';

/** One half of the picture squeezed horizontally to `factor` of its width. */
export async function squeezeHalf(image: Buffer, side: 'left' | 'right', factor: number): Promise<Buffer> {
  const { width = 0, height = 0 } = await sharp(image).metadata();
  const half = Math.round(width / 2);
  const parts = [
    { left: 0, width: half, squeezed: side === 'left' },
    { left: half, width: width - half, squeezed: side === 'right' },
  ];
  const resized = await Promise.all(
    parts.map(async (p) => {
      const w = p.squeezed ? Math.max(1, Math.round(p.width * factor)) : p.width;
      return { w, data: await sharp(image).extract({ left: p.left, top: 0, width: p.width, height }).resize({ width: w, height, fit: 'fill' }).toBuffer() };
    }),
  );
  const [a, b] = resized as [{ w: number; data: Buffer }, { w: number; data: Buffer }];
  return sharp({ create: { width: a.w + b.w, height, channels: 3, background: '#000' } })
    .composite([
      { input: a.data, left: 0, top: 0 },
      { input: b.data, left: a.w, top: 0 },
    ])
    .jpeg({ quality: 90 })
    .toBuffer();
}

/** The warp that makes `photo` (a frontal face) read as the asked pose, `amount` 0..1 of the way. */
async function warp(photo: Buffer, instruction: VerificationInstruction, amount: number): Promise<Buffer> {
  switch (instruction) {
    case 'turn_left':
      return squeezeHalf(await sharp(photo).flop().toBuffer(), 'right', 1 - 0.4 * amount);
    case 'turn_right':
      return squeezeHalf(photo, 'left', 1 - 0.4 * amount);
    case 'tilt':
      return sharp(photo).rotate(-14 * amount, { background: '#000' }).jpeg({ quality: 90 }).toBuffer();
  }
}

/** `count` frames from the photo as it is (frontal) to the full warp, as a camera would send a head movement. */
export function warpedSequence(photo: Buffer, instruction: VerificationInstruction, count = 6): Promise<Buffer[]> {
  return Promise.all(Array.from({ length: count }, (_, i) => warp(photo, instruction, i / (count - 1))));
}
