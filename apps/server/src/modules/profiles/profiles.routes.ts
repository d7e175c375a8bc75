import { errorBody } from '@funkeln/contracts/errors';
import { ownProfile, profileUpdateBody, publicProfile, userIdParams } from '@funkeln/contracts/profiles';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authOf, requireAuth, type SessionService } from '../accounts/index.js';
import type { ProfilesService } from './profiles.service.js';

const errors = { 400: errorBody, 401: errorBody, 404: errorBody };

export function profilesRoutes(profiles: ProfilesService, sessions: SessionService): FastifyPluginAsyncZod {
  return async (app) => {
    const signedIn = requireAuth(sessions);

    app.get('/me/profile', { preHandler: signedIn, schema: { tags: ['profiles'], response: { 200: ownProfile, ...errors } } }, (req) =>
      profiles.getOwn(authOf(req).user.id),
    );

    app.put(
      '/me/profile',
      { preHandler: signedIn, schema: { tags: ['profiles'], body: profileUpdateBody, response: { 200: ownProfile, ...errors } } },
      (req) => profiles.update(authOf(req).user.id, req.body),
    );

    app.get(
      '/profile/:id',
      { preHandler: signedIn, schema: { tags: ['profiles'], params: userIdParams, response: { 200: publicProfile, ...errors } } },
      (req) => profiles.getPublic(authOf(req).user.id, req.params.id),
    );
  };
}
