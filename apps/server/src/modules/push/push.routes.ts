import { errorResponses } from '@funkeln/contracts/errors';
import { pushKeyResponse, pushSubscriptionBody, pushSubscriptionResponse, pushUnsubscribeBody } from '@funkeln/contracts/push';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authOf, requireAuth, type SessionService } from '../auth/index.js';
import type { PushService } from './push.service.js';


export function pushRoutes(push: PushService, sessions: SessionService): FastifyPluginAsyncZod {
  return async (app) => {
    const signedIn = requireAuth(sessions);
    const tags = ['push'];

    app.get('/push/key', { preHandler: signedIn, schema: { tags, response: { 200: pushKeyResponse, ...errorResponses('unauthorized') } } }, () => push.publicKey());

    app.post(
      '/push/subscriptions',
      { preHandler: signedIn, schema: { tags, body: pushSubscriptionBody, response: { 200: pushSubscriptionResponse, ...errorResponses('unauthorized', 'invalid_key', 'rate_limited') } } },
      (req) => push.subscribe(authOf(req).user.id, req.body),
    );

    app.delete(
      '/push/subscriptions',
      { preHandler: signedIn, schema: { tags, body: pushUnsubscribeBody, response: { 200: pushSubscriptionResponse, ...errorResponses('unauthorized', 'rate_limited') } } },
      (req) => push.unsubscribe(authOf(req).user.id, req.body.endpoint),
    );
  };
}
