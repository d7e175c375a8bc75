import { profilesEndpoints as endpoints } from '@funkeln/contracts/routes/profiles';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { serve } from '../../platform/http/endpoints.js';
import type { ProfilesService } from './profiles.service.js';

export function profilesRoutes(profiles: ProfilesService): FastifyPluginAsyncZod {
  return async (app) => {
    serve(app, endpoints.ownProfile, (req) => profiles.getOwn(req.auth.user.id));
    serve(app, endpoints.updateProfile, (req) => profiles.update(req.auth.user.id, req.body));
    serve(app, endpoints.publicProfile, (req) => profiles.getPublic(req.auth.user.id, req.params.id));
  };
}
