import sharp from 'sharp';

/** Longest side the detector gets: the SSD works on 512 px anyway; faces stay sharp enough for the descriptor. */
export const MAX_SIDE = 1024;

export interface RgbImage {
  width: number;
  height: number;
  pixels: Uint8Array<ArrayBuffer>;
}

/** Any image sharp reads -> upright 8-bit sRGB pixels, at most `maxSide` (default MAX_SIDE) on the longest side. Rejects what sharp cannot read. */
export async function toRgb(image: Buffer, maxSide = MAX_SIDE): Promise<RgbImage> {
  const { data, info } = await sharp(image, { limitInputPixels: 50_000_000 })
    .autoOrient()
    .resize(maxSide, maxSide, { fit: 'inside', withoutEnlargement: true })
    .removeAlpha()
    .toColourspace('srgb')
    .raw({ depth: 'uchar' })
    .toBuffer({ resolveWithObject: true });
  if (info.channels !== 3) throw new Error(`Unexpected preprocessed image ${info.width}x${info.height}x${info.channels}`);
  // A fresh copy owns its whole ArrayBuffer, so it can be transferred to the worker.
  return { width: info.width, height: info.height, pixels: new Uint8Array(data) };
}
