import { safetyEndpoints as endpoints } from '@funkeln/contracts/routes/safety';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requestBucket } from '../../platform/http/client-ip.js';
import { serve } from '../../platform/http/endpoints.js';
import type { NoticesService } from './notices.service.js';
import type { ReportsService } from './reports.service.js';

export function reportsRoutes(reports: ReportsService, notices: NoticesService): FastifyPluginAsyncZod {
  return async (app) => {
    serve(app, endpoints.report, (req) => reports.report(req.auth.user, req.body));
    serve(app, endpoints.notice, (req) => notices.notice(req.auth?.user, requestBucket(req), req.body));
    serve(app, endpoints.myReports, (req) => reports.mine(req.auth.user.id));
  };
}
