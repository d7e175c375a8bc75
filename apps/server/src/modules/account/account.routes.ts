import { changePasswordBody, memberSettings, memberSettingsUpdate } from '@funkeln/contracts/account';
import { errorResponses, messageBody } from '@funkeln/contracts/errors';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authOf, requireAuth, type SessionService } from '../auth/index.js';
import type { AccountService } from './account.service.js';

export function accountRoutes(account: AccountService, sessions: SessionService): FastifyPluginAsyncZod {
  return async (app) => {
    app.addHook('onRequest', requireAuth(sessions));
    const tags = ['account'];

    app.get('/me/settings', { schema: { tags, response: { 200: memberSettings, ...errorResponses('unauthorized') } } }, (req) => account.settings(authOf(req).user.id));
    app.put('/me/settings', { schema: { tags, body: memberSettingsUpdate, response: { 200: memberSettings, ...errorResponses('unauthorized') } } }, (req) =>
      account.updateSettings(authOf(req).user.id, req.body),
    );

    app.post('/me/password', { schema: { tags, body: changePasswordBody, response: { 200: messageBody, ...errorResponses('unauthorized', 'rate_limited', 'wrong_password', 'weak_password') } } }, async (req) => {
      await account.changePassword(authOf(req), req.body.currentPassword, req.body.newPassword);
      return { message: 'Dein Passwort wurde geändert. Deine anderen Geräte wurden abgemeldet.' };
    });

    app.post('/me/logout-all', { schema: { tags, response: { 200: messageBody, ...errorResponses('unauthorized') } } }, async (req) => {
      await account.logoutEverywhere(authOf(req).user.id);
      return { message: 'Du wurdest auf allen Geräten abgemeldet.' };
    });
  };
}
