import { errorResponses } from '@funkeln/contracts/errors';
import { categoryParams, entriesBody, entriesResponse, leaderboardQuery, leaderboardResponse, nextVoteQuery, nextVoteResponse, voteBody, voteResponse } from '@funkeln/contracts/leaderboard';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authOf, requireAuth, type SessionService } from '../auth/index.js';
import type { LeaderboardService } from './leaderboard.service.js';


export function leaderboardRoutes(leaderboard: LeaderboardService, sessions: SessionService): FastifyPluginAsyncZod {
  return async (app) => {
    const signedIn = requireAuth(sessions);
    const tags = ['leaderboard'];

    app.get(
      '/leaderboard/:category',
      { preHandler: signedIn, schema: { tags, params: categoryParams, querystring: leaderboardQuery, response: { 200: leaderboardResponse, ...errorResponses('unauthorized') } } },
      (req) => leaderboard.leaderboard(req.params.category, req.query.month),
    );

    app.get('/me/photo/categories', { preHandler: signedIn, schema: { tags, response: { 200: entriesResponse, ...errorResponses('unauthorized') } } }, async (req) => ({
      categories: await leaderboard.entries(authOf(req).user.id),
    }));

    app.put(
      '/me/photo/categories',
      { preHandler: signedIn, schema: { tags, body: entriesBody, response: { 200: entriesResponse, ...errorResponses('unauthorized') } } },
      async (req) => ({ categories: await leaderboard.setEntries(authOf(req).user.id, req.body.categories) }),
    );

    app.get(
      '/votes/next',
      { preHandler: signedIn, schema: { tags, querystring: nextVoteQuery, response: { 200: nextVoteResponse, ...errorResponses('unauthorized') } } },
      async (req) => ({
        candidate: await leaderboard.next(authOf(req).user.id, req.query.category, req.query.skip ? req.query.skip.split(',') : []),
      }),
    );

    app.post('/votes', { preHandler: signedIn, schema: { tags, body: voteBody, response: { 200: voteResponse, ...errorResponses('unauthorized', 'rate_limited', 'not_found', 'own_photo', 'already_voted') } } }, (req) =>
      leaderboard.vote(authOf(req).user.id, req.body.photoId, req.body.category),
    );
  };
}
