import { swipesEndpoints as endpoints } from '@funkeln/contracts/routes/swipes';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { serve } from '../../platform/http/endpoints.js';
import { isPremium } from '../auth/index.js';
import { sendJpeg } from '../photos/index.js';
import type { NewCountsService } from './new-counts.service.js';
import type { SwipesService } from './swipes.service.js';

export function swipesRoutes(swipes: SwipesService, newCounts: NewCountsService): FastifyPluginAsyncZod {
  return async (app) => {
    serve(app, endpoints.undo, async (req) => ({ card: await swipes.undo(req.auth.user.id, isPremium(req.auth.user.premium_until)) }));
    serve(app, endpoints.swipe, (req) => swipes.act(req.auth.user.id, req.params.id, req.query.type));
    serve(app, endpoints.receivedFlirts, (req) => swipes.receivedFlirts(req.auth.user.id));
    // An <img> cannot send the bearer token: the signed link is the permission.
    serve(app, endpoints.flirtImage, async (req, reply) => sendJpeg(reply, await swipes.blurredThumb(req.params.flirtId, req.query.exp, req.query.sig)));
    serve(app, endpoints.acceptFlirt, (req) => swipes.acceptFlirt(req.auth.user.id, req.params.flirtId));
    serve(app, endpoints.matches, (req) => swipes.matches(req.auth.user.id));
    serve(app, endpoints.unmatch, async (req) => {
      await swipes.unmatch(req.auth.user.id, req.params.memberId);
      return { message: 'Match aufgelöst.' };
    });
    serve(app, endpoints.newCounts, (req) => newCounts.count(req.auth.user.id));
    serve(app, endpoints.markSeen, (req) => newCounts.seen(req.auth.user.id, req.body.list));
  };
}
