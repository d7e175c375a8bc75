import multipart from '@fastify/multipart';
import { errorResponses } from '@funkeln/contracts/errors';
import { queryInt } from '@funkeln/contracts/fields';
import { photoUploadResponse } from '@funkeln/contracts/profiles';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { authOf, requireAuth, type SessionService } from '../auth/index.js';
import { MAX_UPLOAD_BYTES, uploadErrors } from './image-pipeline.js';
import { sendJpeg } from './photo-reply.js';
import type { PhotosService } from './photos.service.js';
import { readUpload } from './read-upload.js';

const MULTIPART_OVERHEAD = 64 * 1024;

const photoParams = z.object({ id: z.uuid(), size: z.enum(['large', 'thumb']) });
const photoQuery = z.object({
  scope: z.enum(['public', 'owner']),
  exp: queryInt(1, Number.MAX_SAFE_INTEGER),
  sig: z.string().min(20).max(100),
});

export function photosRoutes(photos: PhotosService, sessions: SessionService): FastifyPluginAsyncZod {
  return async (app) => {
    await app.register(multipart, { limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 5, parts: 6 } });

    app.post(
      '/photos/upload',
      {
        preHandler: requireAuth(sessions),
        schema: { tags: ['photos'], consumes: ['multipart/form-data'], response: { 200: photoUploadResponse, ...errorResponses('unauthorized', 'rate_limited', 'unsupported_media_type', 'invalid_multipart', 'missing_file', 'empty_file', 'corrupt_image', 'file_too_large', 'image_too_large', 'too_many_files', 'too_many_parts', 'too_many_fields', 'unsupported_image') } },
      },
      async (req) => {
        // Refused on the declared size before a byte of the body is read.
        if (Number(req.headers['content-length'] ?? 0) > MAX_UPLOAD_BYTES + MULTIPART_OVERHEAD) throw uploadErrors.tooLarge();
        return { photo: await photos.upload(authOf(req).user.id, await readUpload(req)) };
      },
    );

    app.get(
      '/photos/:id/:size',
      { schema: { tags: ['photos'], params: photoParams, querystring: photoQuery, response: errorResponses('invalid_link', 'not_found') } },
      async (req, reply) => {
        const { id, size } = req.params;
        const { scope, exp, sig } = req.query;
        return sendJpeg(reply, await photos.serve(id, size, scope, exp, sig));
      },
    );
  };
}
