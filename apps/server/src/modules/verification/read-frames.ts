import { VERIFICATION_FRAMES_MAX, VERIFICATION_FRAMES_MIN } from '@funkeln/contracts/verification';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../../platform/errors.js';

/**
 * The liveness recording's frames in the order sent: only file parts named `frame`, between
 * VERIFICATION_FRAMES_MIN and VERIFICATION_FRAMES_MAX of them (each stops at the plugin's fileSize
 * limit with a 413). Anything else is refused before the frames cost any decoding.
 */
export async function readFrames(req: FastifyRequest): Promise<Buffer[]> {
  const frames: Buffer[] = [];
  try {
    for await (const part of req.parts()) {
      if (part.type !== 'file' || part.fieldname !== 'frame' || frames.length >= VERIFICATION_FRAMES_MAX) throw new AppError('verification_frames');
      frames.push(await part.toBuffer());
    }
  } catch (err) {
    if (err instanceof AppError || (err instanceof Error && 'code' in err)) throw err;
    throw new AppError('invalid_multipart');
  }
  if (frames.length < VERIFICATION_FRAMES_MIN) throw new AppError('verification_frames');
  return frames;
}
