import { errorResponses } from '@funkeln/contracts/errors';
import {
  categoryParams,
  entriesBody,
  entriesResponse,
  leaderboardQuery,
  leaderboardResponse,
  nextVoteQuery,
  nextVoteResponse,
  voteBody,
  voteResponse,
} from '@funkeln/contracts/rankings';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authOf, requireAuth, type SessionService } from '../accounts/index.js';
import type { RankingsService } from './rankings.service.js';


export function rankingsRoutes(rankings: RankingsService, sessions: SessionService): FastifyPluginAsyncZod {
  return async (app) => {
    const signedIn = requireAuth(sessions);
    const tags = ['rankings'];

    app.get(
      '/leaderboard/:category',
      { preHandler: signedIn, schema: { tags, params: categoryParams, querystring: leaderboardQuery, response: { 200: leaderboardResponse, ...errorResponses('unauthorized') } } },
      (req) => rankings.leaderboard(req.params.category, req.query.month),
    );

    app.get('/me/photo/categories', { preHandler: signedIn, schema: { tags, response: { 200: entriesResponse, ...errorResponses('unauthorized') } } }, async (req) => ({
      categories: await rankings.entries(authOf(req).user.id),
    }));

    app.put(
      '/me/photo/categories',
      { preHandler: signedIn, schema: { tags, body: entriesBody, response: { 200: entriesResponse, ...errorResponses('unauthorized') } } },
      async (req) => ({ categories: await rankings.setEntries(authOf(req).user.id, req.body.categories) }),
    );

    app.get(
      '/votes/next',
      { preHandler: signedIn, schema: { tags, querystring: nextVoteQuery, response: { 200: nextVoteResponse, ...errorResponses('unauthorized') } } },
      async (req) => ({
        candidate: await rankings.next(authOf(req).user.id, req.query.category, req.query.skip ? req.query.skip.split(',') : []),
      }),
    );

    app.post('/votes', { preHandler: signedIn, schema: { tags, body: voteBody, response: { 200: voteResponse, ...errorResponses('unauthorized', 'rate_limited', 'not_found', 'own_photo', 'already_voted') } } }, (req) =>
      rankings.vote(authOf(req).user.id, req.body.photoId, req.body.category),
    );
  };
}
