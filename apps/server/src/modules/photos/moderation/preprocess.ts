import sharp from 'sharp';
import { MODEL_INPUT_SIZE } from './protocol.js';

/** Any image sharp reads -> MODEL_INPUT_SIZE² 8-bit sRGB pixels, stretched to fit as nsfwjs expects. */
export async function toModelPixels(image: Buffer): Promise<Uint8Array<ArrayBuffer>> {
  const { data, info } = await sharp(image)
    .autoOrient()
    .resize(MODEL_INPUT_SIZE, MODEL_INPUT_SIZE, { fit: 'fill' })
    .removeAlpha()
    .toColourspace('srgb')
    .raw({ depth: 'uchar' })
    .toBuffer({ resolveWithObject: true });
  if (info.width !== MODEL_INPUT_SIZE || info.height !== MODEL_INPUT_SIZE || info.channels !== 3) {
    throw new Error(`Unexpected preprocessed image ${info.width}x${info.height}x${info.channels}`);
  }
  // A fresh copy owns its whole ArrayBuffer, so it can be transferred to the worker.
  return new Uint8Array(data);
}
