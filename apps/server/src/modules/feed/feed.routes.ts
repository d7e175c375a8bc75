import { NEXT_CURSOR_HEADER } from '@funkeln/contracts/feed';
import { feedEndpoints as endpoints } from '@funkeln/contracts/routes/feed';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { serve } from '../../platform/http/endpoints.js';
import { isPremium } from '../auth/index.js';
import type { FeedService } from './feed.service.js';

export function feedRoutes(feed: FeedService): FastifyPluginAsyncZod {
  return async (app) => {
    // Spec 7: the feed answers an array of cards; the next page's cursor travels in a header.
    serve(app, endpoints.feed, async (req, reply) => {
      const { cards, next } = await feed.page(req.auth.user.id, isPremium(req.auth.user.premium_until), req.query);
      if (next) reply.header(NEXT_CURSOR_HEADER, next);
      return cards;
    });
  };
}
