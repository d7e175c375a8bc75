import { leaderboardEndpoints as endpoints } from '@funkeln/contracts/routes/leaderboard';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { serve } from '../../platform/http/endpoints.js';
import type { LeaderboardService } from './leaderboard.service.js';

export function leaderboardRoutes(leaderboard: LeaderboardService): FastifyPluginAsyncZod {
  return async (app) => {
    serve(app, endpoints.leaderboard, (req) => leaderboard.leaderboard(req.params.category, req.query.month));
    serve(app, endpoints.entries, (req) => leaderboard.entriesWithPhotos(req.auth.user.id));
    serve(app, endpoints.setEntries, (req) => leaderboard.setEntries(req.auth.user.id, req.body.categories, req.body.photos));
    serve(app, endpoints.nextVote, async (req) => ({
      candidate: await leaderboard.next(req.auth.user.id, req.query.category, req.query.skip ? req.query.skip.split(',') : []),
    }));
    serve(app, endpoints.vote, (req) => leaderboard.vote(req.auth.user.id, req.body.photoId, req.body.category));
  };
}
