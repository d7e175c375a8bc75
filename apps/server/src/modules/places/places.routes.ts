import { placesEndpoints as endpoints } from '@funkeln/contracts/routes/places';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { serve } from '../../platform/http/endpoints.js';
import type { PlacesService } from './places.service.js';

/** GET /api/places?q=Pots: home town autocomplete. Open without sign-in (registration needs it). */
export function placesRoutes(places: PlacesService): FastifyPluginAsyncZod {
  return async (app) => {
    serve(app, endpoints.search, (req) => places.search(req.query.q));
  };
}
