import multipart from '@fastify/multipart';
import { verificationEndpoints as endpoints } from '@funkeln/contracts/routes/verification';
import { VERIFICATION_FRAME_MAX_BYTES, VERIFICATION_FRAMES_MAX } from '@funkeln/contracts/verification';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { serve } from '../../platform/http/endpoints.js';
import { sendJpeg, uploadErrors } from '../photos/index.js';
import { readFrames } from './read-frames.js';
import type { FaceVerificationService } from './verification.service.js';

const MULTIPART_OVERHEAD = 64 * 1024;

export function verificationRoutes(verification: FaceVerificationService): FastifyPluginAsyncZod {
  return async (app) => {
    // One more file than allowed gets through to readFrames, which answers it with verification_frames.
    await app.register(multipart, { limits: { fileSize: VERIFICATION_FRAME_MAX_BYTES, files: VERIFICATION_FRAMES_MAX + 1, fields: 0, parts: VERIFICATION_FRAMES_MAX + 1 } });

    serve(app, endpoints.status, (req) => verification.status(req.auth.user.id));
    serve(app, endpoints.setConsent, (req) => verification.setConsent(req.auth.user.id, req.body.given));
    serve(app, endpoints.start, (req) => verification.start(req.auth.user.id));
    serve(app, endpoints.submit, async (req) => {
      // Refused on the declared size before a byte of the body is read.
      if (Number(req.headers['content-length'] ?? 0) > VERIFICATION_FRAMES_MAX * VERIFICATION_FRAME_MAX_BYTES + MULTIPART_OVERHEAD) throw uploadErrors.tooLarge();
      return verification.submit(req.auth.user.id, req.params.id, await readFrames(req));
    });
    serve(app, endpoints.pending, () => verification.pending());
    serve(app, endpoints.decide, (req) => verification.decide({ id: req.auth.user.id, email: req.auth.user.email }, req.params.id, req.body.approve));
    serve(app, endpoints.selfie, async (req, reply) => sendJpeg(reply, await verification.selfie(req.params.id, req.query.exp, req.query.sig)));
  };
}
