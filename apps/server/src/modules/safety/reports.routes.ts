import { safetyEndpoints as endpoints } from '@funkeln/contracts/routes/safety';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { serve } from '../../platform/http/endpoints.js';
import type { ReportsService } from './reports.service.js';

export function reportsRoutes(reports: ReportsService): FastifyPluginAsyncZod {
  return async (app) => {
    serve(app, endpoints.report, (req) => reports.report(req.auth.user.id, req.body));
  };
}
