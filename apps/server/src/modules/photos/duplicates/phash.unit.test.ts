import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { faceCrop, faces } from '../../../../test/faces.js';
import { closestMatches } from './duplicates.service.js';
import { bandProbes, bandsOf, DUPLICATE_MAX_DISTANCE, hammingDistance, photoViews, toSigned } from './phash.js';

const stored = async (image: Buffer, id: string) =>
  (await photoViews(image)).map((v) => ({ photo_id: id, view: v.view, hash: toSigned(v.hash).toString() }));

describe('perceptual photo hash (issue 57 item 9)', () => {
  it('matches the copies a thief makes: recompressed, resized, mirrored, cropped by 10 %, recoloured', async () => {
    const original = await faceCrop(faces.frontal, { width: 600 });
    const { width = 0, height = 0 } = await sharp(original).metadata();
    const copies = {
      recompressed: await sharp(original).jpeg({ quality: 35 }).toBuffer(),
      resized: await sharp(original).resize(240).png().toBuffer(),
      mirrored: await sharp(original).flop().jpeg().toBuffer(),
      cropped: await sharp(original)
        .extract({ left: Math.round(width * 0.05), top: Math.round(height * 0.05), width: Math.round(width * 0.9), height: Math.round(height * 0.9) })
        .jpeg()
        .toBuffer(),
      recoloured: await sharp(original).modulate({ brightness: 1.1, saturation: 1.3 }).jpeg().toBuffer(),
    };
    const known = await stored(original, 'original');
    for (const [kind, copy] of Object.entries(copies)) {
      const [match] = closestMatches(await photoViews(copy), known);
      expect(match?.distance, kind).toBeLessThanOrEqual(DUPLICATE_MAX_DISTANCE);
      expect(match?.mirrored, kind).toBe(kind === 'mirrored');
    }
  });

  it('tells different people apart, even two women side by side in one photo', async () => {
    const known = await stored(await faceCrop(faces.tilted), 'tilted');
    for (const other of [faces.neighbour, faces.frontal, faces.turnedLeft, faces.turnedRight]) {
      expect(closestMatches(await photoViews(await faceCrop(other)), known)).toEqual([]);
    }
  });

  it('finds every hash within the threshold through the band probes (pigeonhole over four 16-bit bands)', () => {
    const base = 0x0123_4567_89ab_cdefn;
    // 4 bits apart, one in each band: no band is equal, each is one bit away.
    const near = base ^ (1n | (1n << 20n) | (1n << 40n) | (1n << 60n));
    expect(hammingDistance(base, near)).toBe(4);
    const probes = bandProbes([base]);
    expect(bandsOf(toSigned(near)).some((b, i) => probes[i]!.includes(b))).toBe(true);
    expect(bandsOf(toSigned(near))).toEqual(bandsOf(near));
  });
});
