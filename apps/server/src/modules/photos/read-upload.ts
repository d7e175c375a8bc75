import type { FastifyRequest } from 'fastify';
import { AppError } from '../../platform/errors.js';
import { uploadErrors } from './image-pipeline.js';

const invalidMultipart = () =>
  new AppError('invalid_multipart');

/** The file parts a multipart route takes: field name -> at most how many (at least one of each). Nothing else is taken.
 * Export it (photos/index.ts) for a route that takes several parts, e.g. the verification frames. */
type UploadShape<N extends string> = Readonly<Record<N, number>>;

/**
 * The bytes of the file parts a route declares, read in full, and nothing more: a field, a file
 * under another name or one more file than declared refuses the whole request (German 4xx). The
 * parser's own limits (no fields, no more files than the declared total) stop the body at the first
 * extra part; the checks below name the refusal. Fastify's and the plugin's errors carry a code
 * (mapped in platform/errors.ts); busboy's parse errors (no boundary, a boundary too long, a body
 * cut short) are plain Errors about the client's body, so they are a 400, not a 500.
 */
async function readUploadParts<N extends string>(
  req: FastifyRequest,
  shape: UploadShape<N>,
  wrongName: () => AppError,
): Promise<Record<N, Buffer[]>> {
  const names = Object.keys(shape) as N[];
  const total = names.reduce((sum, name) => sum + shape[name], 0);
  const files = Object.fromEntries(names.map((name) => [name, [] as Buffer[]])) as Record<N, Buffer[]>;
  const isDeclared = (name: string): name is N => Object.hasOwn(shape, name);
  try {
    for await (const part of req.parts({ limits: { files: total, fields: 0, parts: total + 1 } })) {
      if (part.type !== 'file') throw new AppError('too_many_fields');
      if (!isDeclared(part.fieldname)) throw wrongName();
      if (files[part.fieldname].length >= shape[part.fieldname]) throw new AppError('too_many_files');
      files[part.fieldname].push(await part.toBuffer()); // stops at the fileSize limit with a 413
    }
  } catch (err) {
    if (err instanceof AppError || (err instanceof Error && 'code' in err)) throw err;
    throw invalidMultipart();
  }
  if (names.every((name) => files[name].length === 0)) throw uploadErrors.empty();
  if (names.some((name) => files[name].length === 0)) throw wrongName();
  return files;
}

/** The bytes of the one file of a multipart upload, sent in the field `file`, and no other part. */
export async function readUpload(req: FastifyRequest): Promise<Buffer> {
  const { file } = await readUploadParts(req, { file: 1 }, () => new AppError('missing_file'));
  return file[0]!;
}
