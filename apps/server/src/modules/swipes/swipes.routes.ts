import { blurredThumbQuery, flirtParams, likeQuery, likeResponse, matchesResponse, receivedFlirtsResponse, targetParams, undoResponse, userIdParam } from '@funkeln/contracts/swipes';
import { errorResponses, messageBody } from '@funkeln/contracts/errors';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authOf, requireAuth, type SessionService } from '../auth/index.js';
import { sendJpeg } from '../photos/index.js';
import type { LikesService } from './likes.service.js';

export function swipesRoutes(likes: LikesService, sessions: SessionService): FastifyPluginAsyncZod {
  return async (app) => {
    const signedIn = requireAuth(sessions);
    const tags = ['swipes'];

    app.post('/likes/undo', { preHandler: signedIn, schema: { tags, response: { 200: undoResponse, ...errorResponses('unauthorized') } } }, async (req) => ({
      card: await likes.undo(authOf(req).user.id),
    }));

    app.post(
      '/likes/:id',
      { preHandler: signedIn, schema: { tags, params: targetParams, querystring: likeQuery, response: { 200: likeResponse, ...errorResponses('unauthorized', 'self_like', 'rate_limited', 'not_found') } } },
      (req) => likes.act(authOf(req).user.id, req.params.id, req.query.type),
    );

    app.get('/likes/received', { preHandler: signedIn, schema: { tags, response: { 200: receivedFlirtsResponse, ...errorResponses('unauthorized') } } }, (req) =>
      likes.receivedFlirts(authOf(req).user.id),
    );

    // An <img> cannot send the bearer token: the signed link is the permission.
    app.get(
      '/likes/received/:flirtId/blur',
      { schema: { tags, params: flirtParams, querystring: blurredThumbQuery, response: errorResponses('invalid_link', 'not_found') } },
      async (req, reply) => sendJpeg(reply, await likes.blurredThumb(req.params.flirtId, req.query.exp, req.query.sig)),
    );

    app.post(
      '/likes/received/:flirtId/accept',
      { preHandler: signedIn, schema: { tags, params: flirtParams, response: { 200: likeResponse, ...errorResponses('unauthorized', 'not_found') } } },
      (req) => likes.acceptFlirt(authOf(req).user.id, req.params.flirtId),
    );

    app.get('/matches', { preHandler: signedIn, schema: { tags, response: { 200: matchesResponse, ...errorResponses('unauthorized') } } }, (req) =>
      likes.matches(authOf(req).user.id),
    );

    app.delete('/matches/:userId', { preHandler: signedIn, schema: { tags, params: userIdParam, response: { 200: messageBody, ...errorResponses('unauthorized', 'not_found') } } }, async (req) => {
      await likes.unmatch(authOf(req).user.id, req.params.userId);
      return { message: 'Match aufgelöst.' };
    });
  };
}
