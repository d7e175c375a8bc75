import { VERIFICATION_FRAMES_MAX, VERIFICATION_FRAMES_MIN } from '@funkeln/contracts/verification';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../../platform/http/errors.js';
import { readUploadParts } from '../photos/index.js';

const wrongFrames = () => new AppError('verification_frames');

/**
 * The liveness recording's frames in the order sent: only file parts named `frame`, between
 * VERIFICATION_FRAMES_MIN and VERIFICATION_FRAMES_MAX of them (each stops at the plugin's fileSize
 * limit with a 413). Anything else is refused before the frames cost any decoding.
 */
export async function readFrames(req: FastifyRequest): Promise<Buffer[]> {
  const { frame } = await readUploadParts(req, { frame: VERIFICATION_FRAMES_MAX }, { wrongName: wrongFrames, tooMany: wrongFrames, field: wrongFrames, empty: wrongFrames });
  if (frame.length < VERIFICATION_FRAMES_MIN) throw wrongFrames();
  return frame;
}
