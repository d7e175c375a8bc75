import { errorResponses } from '@funkeln/contracts/errors';
import { ownProfile, profileUpdateBody, publicProfile, userIdParams } from '@funkeln/contracts/profiles';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authOf, requireAuth, type SessionService } from '../auth/index.js';
import type { ProfilesService } from './profiles.service.js';


export function profilesRoutes(profiles: ProfilesService, sessions: SessionService): FastifyPluginAsyncZod {
  return async (app) => {
    const signedIn = requireAuth(sessions);

    app.get('/me/profile', { preHandler: signedIn, schema: { tags: ['profiles'], response: { 200: ownProfile, ...errorResponses('unauthorized') } } }, (req) =>
      profiles.getOwn(authOf(req).user.id),
    );

    app.put(
      '/me/profile',
      { preHandler: signedIn, schema: { tags: ['profiles'], body: profileUpdateBody, response: { 200: ownProfile, ...errorResponses('unauthorized', 'too_young', 'invalid_birth_date', 'unknown_place', 'rate_limited', 'invalid_age_range') } } },
      (req) => profiles.update(authOf(req).user.id, req.body),
    );

    app.get(
      '/profile/:id',
      { preHandler: signedIn, schema: { tags: ['profiles'], params: userIdParams, response: { 200: publicProfile, ...errorResponses('unauthorized', 'not_found') } } },
      (req) => profiles.getPublic(authOf(req).user.id, req.params.id),
    );
  };
}
