import { errorResponses, messageBody } from '@funkeln/contracts/errors';
import { consentBody, consentResponse, deleteAccountBody } from '@funkeln/contracts/privacy';
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authOf, requireAuth, type SessionService } from '../auth/index.js';
import type { PrivacyService } from './privacy.service.js';


export function privacyRoutes(privacy: PrivacyService, sessions: SessionService): FastifyPluginAsyncZod {
  return async (app) => {
    app.addHook('onRequest', requireAuth(sessions));
    const tags = ['privacy'];

    app.get('/me/export', { schema: { tags, response: { 200: z.record(z.string(), z.unknown()), ...errorResponses('unauthorized', 'rate_limited') } } }, async (req, reply) => {
      reply.header('content-disposition', 'attachment; filename="funkeln-export.json"');
      return privacy.export(authOf(req).user.id);
    });

    app.delete('/me', { schema: { tags, body: deleteAccountBody.optional(), response: { 200: messageBody, ...errorResponses('unauthorized', 'wrong_password', 'fresh_login_required') } } }, async (req) => {
      await privacy.erase(authOf(req), req.body?.password);
      return { message: 'Dein Konto und deine Daten wurden gelöscht.' };
    });

    app.get('/me/consent', { schema: { tags, response: { 200: consentResponse, ...errorResponses('unauthorized') } } }, (req) => privacy.consent(authOf(req).user.id));
    app.put('/me/consent', { schema: { tags, body: consentBody, response: { 200: consentResponse, ...errorResponses('unauthorized') } } }, (req) =>
      privacy.setConsent(authOf(req).user.id, req.body.orientation),
    );
  };
}
