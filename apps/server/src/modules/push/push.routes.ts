import { pushEndpoints as endpoints } from '@funkeln/contracts/routes/push';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { serve } from '../../platform/http/endpoints.js';
import type { PushService } from './push.service.js';

export function pushRoutes(push: PushService): FastifyPluginAsyncZod {
  return async (app) => {
    serve(app, endpoints.key, () => push.publicKey());
    serve(app, endpoints.subscribe, (req) => push.subscribe({ memberId: req.auth.user.id, sessionId: req.auth.sessionId }, req.body));
    serve(app, endpoints.unsubscribe, (req) => push.unsubscribe(req.auth.user.id, req.body.endpoint));
  };
}
