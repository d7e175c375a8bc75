import type { FastifyRequest } from 'fastify';
import { AppError } from '../../platform/errors.js';
import { uploadErrors } from './image-pipeline.js';

const invalidMultipart = () =>
  new AppError('invalid_multipart');

/**
 * The bytes of the one file of a multipart upload. Fastify's and the plugin's errors carry a code
 * (mapped in platform/errors.ts); busboy's parse errors (no boundary, a boundary too long, a body
 * cut short) are plain Errors about the client's body, so they are a 400, not a 500.
 */
export async function readUpload(req: FastifyRequest): Promise<Buffer> {
  try {
    const file = await req.file();
    if (!file) throw uploadErrors.empty();
    if (file.fieldname !== 'file') throw new AppError('missing_file');
    return await file.toBuffer(); // stops at the fileSize limit with a 413
  } catch (err) {
    if (err instanceof AppError || (err instanceof Error && 'code' in err)) throw err;
    throw invalidMultipart();
  }
}
