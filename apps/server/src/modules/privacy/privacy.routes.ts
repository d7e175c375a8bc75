import { privacyEndpoints as endpoints } from '@funkeln/contracts/routes/privacy';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { serve } from '../../platform/http/endpoints.js';
import type { PrivacyService } from './privacy.service.js';

export function privacyRoutes(privacy: PrivacyService): FastifyPluginAsyncZod {
  return async (app) => {
    serve(app, endpoints.export, async (req, reply) => {
      reply.header('content-disposition', 'attachment; filename="funkeln-export.json"');
      return privacy.export(req.auth.user.id);
    });
    serve(app, endpoints.deleteAccount, async (req) => {
      await privacy.erase(req.auth, req.body?.password);
      return { message: 'Dein Konto und deine Daten wurden gelöscht.' };
    });
    serve(app, endpoints.consent, (req) => privacy.consent(req.auth.user.id));
    serve(app, endpoints.setConsent, (req) => privacy.setConsent(req.auth.user.id, req.body.orientation));
  };
}
