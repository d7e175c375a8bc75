import { errorResponses, messageBody } from '@funkeln/contracts/errors';
import { changePasswordBody, consentBody, consentResponse, deleteAccountBody, memberSettings, memberSettingsUpdate } from '@funkeln/contracts/safety';
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authOf, requireAuth, type SessionService } from '../accounts/index.js';
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

    app.get('/me/settings', { schema: { tags, response: { 200: memberSettings, ...errorResponses('unauthorized') } } }, (req) => privacy.settings(authOf(req).user.id));
    app.put('/me/settings', { schema: { tags, body: memberSettingsUpdate, response: { 200: memberSettings, ...errorResponses('unauthorized') } } }, (req) =>
      privacy.updateSettings(authOf(req).user.id, req.body),
    );

    app.post('/me/password', { schema: { tags, body: changePasswordBody, response: { 200: messageBody, ...errorResponses('unauthorized', 'rate_limited', 'wrong_password', 'weak_password') } } }, async (req) => {
      await privacy.changePassword(authOf(req), req.body.currentPassword, req.body.newPassword);
      return { message: 'Dein Passwort wurde geändert. Deine anderen Geräte wurden abgemeldet.' };
    });

    app.post('/me/logout-all', { schema: { tags, response: { 200: messageBody, ...errorResponses('unauthorized') } } }, async (req) => {
      await privacy.logoutEverywhere(authOf(req).user.id);
      return { message: 'Du wurdest auf allen Geräten abgemeldet.' };
    });
  };
}
