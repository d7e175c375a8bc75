import { errorResponses } from '@funkeln/contracts/errors';
import { reportBody, reportResponse } from '@funkeln/contracts/safety';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authOf, requireAuth, type SessionService } from '../accounts/index.js';
import type { ReportsService } from './reports.service.js';

export function reportsRoutes(reports: ReportsService, sessions: SessionService): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/reports',
      { preHandler: requireAuth(sessions), schema: { tags: ['safety'], body: reportBody, response: { 200: reportResponse, ...errorResponses('unauthorized', 'rate_limited', 'self_report', 'not_found') } } },
      (req) => reports.report(authOf(req).user.id, req.body),
    );
  };
}
