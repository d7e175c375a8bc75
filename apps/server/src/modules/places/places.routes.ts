import { errorResponses } from '@funkeln/contracts/errors';
import { placesQuery, placesResponse } from '@funkeln/contracts/profiles';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { PlacesService } from './places.service.js';

/** GET /places?q=Pots: home town autocomplete. Open without sign-in (registration needs it). */
export function placesRoutes(places: PlacesService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get('/places', { schema: { tags: ['places'], querystring: placesQuery, response: { 200: placesResponse, ...errorResponses('validation_error') } } }, (req) =>
      places.search(req.query.q),
    );
  };
}
