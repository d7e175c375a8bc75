import multipart from '@fastify/multipart';
import { photosEndpoints as endpoints } from '@funkeln/contracts/routes/photos';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { serve } from '../../platform/http/endpoints.js';
import type { DuplicatePhotos } from './duplicates/duplicates.service.js';
import { MAX_UPLOAD_BYTES, uploadErrors } from './image-pipeline.js';
import { sendJpeg } from './photo-reply.js';
import type { PhotosService } from './photos.service.js';
import { readUpload } from './read-upload.js';

const MULTIPART_OVERHEAD = 64 * 1024;

export function photosRoutes(photos: PhotosService, duplicates: DuplicatePhotos): FastifyPluginAsyncZod {
  return async (app) => {
    await app.register(multipart, { limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 5, parts: 6 } });

    serve(app, endpoints.upload, async (req) => {
      // Refused on the declared size before a byte of the body is read.
      if (Number(req.headers['content-length'] ?? 0) > MAX_UPLOAD_BYTES + MULTIPART_OVERHEAD) throw uploadErrors.tooLarge();
      return { photo: await photos.upload(req.auth.user.id, await readUpload(req)) };
    });

    serve(app, endpoints.gallery, (req) => photos.gallery(req.auth.user.id));
    serve(app, endpoints.remove, (req) => photos.remove(req.auth.user.id, req.params.id));
    serve(app, endpoints.reorder, (req) => photos.reorder(req.auth.user.id, req.body.ids));

    // Admins only (the contract's level): the team's "Doppelte Fotos".
    serve(app, endpoints.duplicates, () => duplicates.open());
    serve(app, endpoints.dismissDuplicate, async (req) => {
      await duplicates.dismiss({ id: req.auth.user.id, email: req.auth.user.email }, req.params.id);
      return { message: 'Als „Kein Problem“ markiert.' };
    });

    serve(app, endpoints.file, async (req, reply) => {
      const { id, size } = req.params;
      const { scope, exp, sig } = req.query;
      return sendJpeg(reply, await photos.serve(id, size, scope, exp, sig));
    });
  };
}
