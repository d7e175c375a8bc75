import { legalEndpoints as endpoints } from '@funkeln/contracts/routes/legal';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Config } from '../../config.js';
import { serve } from '../../platform/http/endpoints.js';
import { legalFacts } from './legal-facts.js';

export function legalRoutes(config: Config): FastifyPluginAsyncZod {
  const facts = legalFacts(config);
  return async (app) => {
    serve(app, endpoints.info, () => facts);
  };
}
