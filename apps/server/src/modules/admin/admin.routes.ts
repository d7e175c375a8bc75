import {
  adminReportsResponse,
  auditResponse,
  cleanupResponse,
  pendingPhotosResponse,
  photoActionParams,
  reportIdParams,
  resolveReportBody,
  userIdParams,
} from '@funkeln/contracts/admin';
import { errorResponses, messageBody } from '@funkeln/contracts/errors';
import { settingsRecord } from '@funkeln/contracts/settings';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authOf, requireAdmin, requireAuth, type SessionService } from '../auth/index.js';
import type { AdminService } from './admin.service.js';


/** /api/admin/*: every route checks the session and the admin role on the server. */
export function adminRoutes(admin: AdminService, sessions: SessionService): FastifyPluginAsyncZod {
  return async (app) => {
    // Before body validation: a visitor gets 401 and a member 403 whatever they send.
    app.addHook('onRequest', requireAuth(sessions));
    app.addHook('onRequest', requireAdmin);
    const tags = ['admin'];
    const who = (req: Parameters<typeof authOf>[0]) => {
      const { user } = authOf(req);
      return { id: user.id, email: user.email };
    };

    app.get('/settings', { schema: { tags, response: { 200: settingsRecord, ...errorResponses('unauthorized', 'forbidden') } } }, () => admin.getSettings());
    app.put('/settings', { schema: { tags, body: settingsRecord, response: { 200: settingsRecord, ...errorResponses('unauthorized', 'forbidden', 'unknown_setting', 'invalid_setting') } } }, (req) => admin.updateSettings(who(req), req.body));

    app.post('/maintenance/cleanup-tokens', { schema: { tags, response: { 200: cleanupResponse, ...errorResponses('unauthorized', 'forbidden') } } }, (req) => admin.cleanupTokens(who(req)));

    app.get('/photos/pending', { schema: { tags, response: { 200: pendingPhotosResponse, ...errorResponses('unauthorized', 'forbidden') } } }, () => admin.pendingPhotos());
    app.post('/photos/:id/:action', { schema: { tags, params: photoActionParams, response: { 200: messageBody, ...errorResponses('unauthorized', 'forbidden', 'not_found') } } }, async (req) => {
      await admin.photoAction(who(req), req.params.id, req.params.action);
      return { message: req.params.action === 'enable' ? 'Foto freigegeben.' : 'Foto gesperrt.' };
    });

    app.get('/reports', { schema: { tags, response: { 200: adminReportsResponse, ...errorResponses('unauthorized', 'forbidden') } } }, () => admin.reports());
    app.post('/reports/:id/resolve', { schema: { tags, params: reportIdParams, body: resolveReportBody.optional(), response: { 200: messageBody, ...errorResponses('unauthorized', 'forbidden', 'not_found') } } }, async (req) => {
      await admin.resolveReport(who(req), req.params.id, req.body?.status ?? 'resolved');
      return { message: 'Meldung erledigt.' };
    });

    app.post('/users/:id/suspend', { schema: { tags, params: userIdParams, response: { 200: messageBody, ...errorResponses('unauthorized', 'forbidden', 'self_suspend', 'not_found') } } }, async (req) => {
      await admin.suspend(who(req), req.params.id, true);
      return { message: 'Mitglied gesperrt.' };
    });
    app.post('/users/:id/unsuspend', { schema: { tags, params: userIdParams, response: { 200: messageBody, ...errorResponses('unauthorized', 'forbidden', 'self_suspend', 'not_found') } } }, async (req) => {
      await admin.suspend(who(req), req.params.id, false);
      return { message: 'Sperre aufgehoben.' };
    });

    app.get('/audit', { schema: { tags, response: { 200: auditResponse, ...errorResponses('unauthorized', 'forbidden') } } }, () => admin.auditLog());
  };
}
