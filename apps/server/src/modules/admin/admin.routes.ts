import { adminEndpoints as endpoints } from '@funkeln/contracts/routes/admin';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { serve } from '../../platform/http/endpoints.js';
import type { AdminService } from './admin.service.js';
import type { ObjectionsService } from './objections.service.js';

/** /api/admin/*: the contract's `admin` level makes the auth hook check the session and the role before anything else. */
export function adminRoutes(admin: AdminService, objections: ObjectionsService): FastifyPluginAsyncZod {
  return async (app) => {
    const who = ({ auth }: { auth: { user: { id: string; email: string } } }) => ({ id: auth.user.id, email: auth.user.email });

    serve(app, endpoints.settings, () => admin.getSettings());
    serve(app, endpoints.saveSettings, (req) => admin.updateSettings(who(req), req.body));
    serve(app, endpoints.cleanupTokens, (req) => admin.cleanupTokens(who(req)));

    serve(app, endpoints.pendingPhotos, () => admin.pendingPhotos());
    serve(app, endpoints.photoAction, async (req) => {
      await admin.photoAction(who(req), req.params.id, req.params.action, req.body ?? {});
      return { message: req.params.action === 'enable' ? 'Foto freigegeben.' : 'Foto gesperrt.' };
    });

    serve(app, endpoints.reports, () => admin.reports());
    serve(app, endpoints.resolveReport, async (req) => {
      await admin.resolveReport(who(req), req.params.id, req.body?.status ?? 'resolved', req.body?.note);
      return { message: 'Meldung erledigt.' };
    });

    serve(app, endpoints.suspend, async (req) => {
      await admin.suspend(who(req), req.params.id, true, req.body ?? {});
      return { message: 'Mitglied gesperrt.' };
    });
    serve(app, endpoints.unsuspend, async (req) => {
      await admin.suspend(who(req), req.params.id, false);
      return { message: 'Sperre aufgehoben.' };
    });

    serve(app, endpoints.removeMessage, async (req) => {
      await admin.removeMessage(who(req), req.params.id, req.body ?? {});
      return { message: 'Nachricht entfernt.' };
    });

    serve(app, endpoints.objections, () => objections.queue());
    serve(app, endpoints.decideObjection, async (req) => {
      await objections.decide(who(req), req.params.id, req.body);
      return { message: req.body.outcome === 'reverse' ? 'Entscheidung aufgehoben. Das Mitglied bekommt deine Antwort per E-Mail.' : 'Entscheidung bestätigt. Das Mitglied bekommt deine Antwort per E-Mail.' };
    });

    serve(app, endpoints.audit, () => admin.auditLog());
  };
}
