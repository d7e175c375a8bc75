import { decisionsEndpoints as endpoints } from '@funkeln/contracts/routes/decisions';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { serve } from '../../platform/http/endpoints.js';
import type { DecisionsService } from './decisions.service.js';

/** The member's statements and objections; the mailed link's two visitor endpoints (token in the body). */
export function decisionsRoutes(decisions: DecisionsService): FastifyPluginAsyncZod {
  return async (app) => {
    serve(app, endpoints.mine, (req) => decisions.mine(req.auth.user.id));
    serve(app, endpoints.object, (req) => decisions.object(req.auth.user.id, req.params.id, req.body.text));
    serve(app, endpoints.byToken, (req) => decisions.byToken(req.body.token));
    serve(app, endpoints.objectByToken, (req) => decisions.objectByToken(req.body.token, req.body.text));
  };
}
