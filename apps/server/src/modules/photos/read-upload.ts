import type { FastifyRequest } from 'fastify';
import { AppError } from '../../platform/http/errors.js';
import { uploadErrors } from './image-pipeline.js';

/** The file parts a multipart route takes: field name -> at most how many. Nothing else is taken. */
export type UploadShape<N extends string> = Readonly<Record<N, number>>;

/** How a route names each way a body can miss its shape (default: the photo upload's codes). */
export interface UploadRefusals {
  /** A file under a name the shape does not declare, or a declared name without a file. */
  wrongName: () => AppError;
  /** One more file of a name than declared. */
  tooMany: () => AppError;
  /** A form field. */
  field: () => AppError;
  /** No file at all. */
  empty: () => AppError;
}

const photoRefusals: UploadRefusals = {
  wrongName: () => new AppError('missing_file'),
  tooMany: () => new AppError('too_many_files'),
  field: () => new AppError('too_many_fields'),
  empty: uploadErrors.empty,
};

/**
 * The bytes of the file parts a route declares, read in full, and nothing more: a field, a file
 * under another name or one more file than declared refuses the whole request (German 4xx). The
 * parser's own limits (no fields, one file more than the declared total) stop the body at the first
 * extra part, which the checks below name. Fastify's and the plugin's errors carry a code (mapped
 * in platform/http/errors.ts); busboy's parse errors (no boundary, a boundary too long, a body cut short)
 * are plain Errors about the client's body, so they are a 400, not a 500.
 */
export async function readUploadParts<N extends string>(
  req: FastifyRequest,
  shape: UploadShape<N>,
  refusals: UploadRefusals = photoRefusals,
): Promise<Record<N, Buffer[]>> {
  const names = Object.keys(shape) as N[];
  const total = names.reduce((sum, name) => sum + shape[name], 0);
  const files = Object.fromEntries(names.map((name) => [name, [] as Buffer[]])) as Record<N, Buffer[]>;
  const isDeclared = (name: string): name is N => Object.hasOwn(shape, name);
  let count = 0;
  try {
    for await (const part of req.parts({ limits: { files: total + 1, fields: 0, parts: total + 1 } })) {
      if (part.type !== 'file') throw refusals.field();
      if (++count > total) throw refusals.tooMany();
      if (!isDeclared(part.fieldname)) throw refusals.wrongName();
      if (files[part.fieldname].length >= shape[part.fieldname]) throw refusals.tooMany();
      files[part.fieldname].push(await part.toBuffer()); // stops at the fileSize limit with a 413
    }
  } catch (err) {
    if (err instanceof AppError || (err instanceof Error && 'code' in err)) throw err;
    throw new AppError('invalid_multipart');
  }
  if (names.every((name) => files[name].length === 0)) throw refusals.empty();
  if (names.some((name) => files[name].length === 0)) throw refusals.wrongName();
  return files;
}

/** The bytes of the one file of a multipart upload, sent in the field `file`, and no other part. */
export async function readUpload(req: FastifyRequest): Promise<Buffer> {
  const { file } = await readUploadParts(req, { file: 1 });
  return file[0]!;
}
