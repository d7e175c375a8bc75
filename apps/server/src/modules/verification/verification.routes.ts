import multipart from '@fastify/multipart';
import { verificationEndpoints as endpoints } from '@funkeln/contracts/routes/verification';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { serve } from '../../platform/endpoints.js';
import { MAX_UPLOAD_BYTES, readUpload, sendJpeg, uploadErrors } from '../photos/index.js';
import type { FaceVerificationService } from './verification.service.js';

const MULTIPART_OVERHEAD = 64 * 1024;

export function verificationRoutes(verification: FaceVerificationService): FastifyPluginAsyncZod {
  return async (app) => {
    await app.register(multipart, { limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 5, parts: 6 } });

    serve(app, endpoints.status, (req) => verification.status(req.auth.user.id));
    serve(app, endpoints.setConsent, (req) => verification.setConsent(req.auth.user.id, req.body.given));
    serve(app, endpoints.start, (req) => verification.start(req.auth.user.id));
    serve(app, endpoints.submit, async (req) => {
      // Refused on the declared size before a byte of the body is read.
      if (Number(req.headers['content-length'] ?? 0) > MAX_UPLOAD_BYTES + MULTIPART_OVERHEAD) throw uploadErrors.tooLarge();
      return verification.submit(req.auth.user.id, req.params.id, await readUpload(req));
    });
    serve(app, endpoints.pending, () => verification.pending());
    serve(app, endpoints.decide, (req) => verification.decide({ id: req.auth.user.id, email: req.auth.user.email }, req.params.id, req.body.approve));
    serve(app, endpoints.selfie, async (req, reply) => sendJpeg(reply, await verification.selfie(req.params.id, req.query.exp, req.query.sig)));
  };
}
