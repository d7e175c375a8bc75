import { feedQuery, feedResponse, NEXT_CURSOR_HEADER } from '@funkeln/contracts/feed';
import { errorResponses } from '@funkeln/contracts/errors';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authOf, isPremium, requireAuth, type SessionService } from '../auth/index.js';
import type { FeedService } from './feed.service.js';

export function feedRoutes(feed: FeedService, sessions: SessionService): FastifyPluginAsyncZod {
  return async (app) => {
    const signedIn = requireAuth(sessions);
    const tags = ['feed'];

    // Spec 7: the feed answers an array of cards; the next page's cursor travels in a header.
    app.get('/feed', { preHandler: signedIn, schema: { tags, querystring: feedQuery, response: { 200: feedResponse, ...errorResponses('unauthorized', 'rate_limited', 'invalid_cursor', 'invalid_radius', 'profile_incomplete', 'no_place') } } }, async (req, reply) => {
      const auth = authOf(req);
      const { cards, next } = await feed.page(auth.user.id, isPremium(auth.user.premium_until), req.query);
      if (next) reply.header(NEXT_CURSOR_HEADER, next);
      return cards;
    });
  };
}
