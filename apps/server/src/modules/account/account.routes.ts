import { accountEndpoints as endpoints } from '@funkeln/contracts/routes/account';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { serve } from '../../platform/http/endpoints.js';
import type { AccountService } from './account.service.js';

export function accountRoutes(account: AccountService): FastifyPluginAsyncZod {
  return async (app) => {
    serve(app, endpoints.settings, (req) => account.settings(req.auth.user.id));
    serve(app, endpoints.saveSettings, (req) => account.updateSettings(req.auth.user.id, req.body));
    serve(app, endpoints.changePassword, async (req) => {
      await account.changePassword(req.auth, req.body.currentPassword, req.body.newPassword);
      return { message: 'Dein Passwort wurde geändert. Deine anderen Geräte wurden abgemeldet.' };
    });
    serve(app, endpoints.logoutEverywhere, async (req) => {
      await account.logoutEverywhere(req.auth.user.id);
      return { message: 'Du wurdest auf allen Geräten abgemeldet.' };
    });
    serve(app, endpoints.acceptTerms, (req) => account.acceptTerms(req.auth.user.id, req.body.version));
  };
}
