import { pathOf } from '@funkeln/contracts/routes/define';
import { dateSharesEndpoints as endpoints } from '@funkeln/contracts/routes/date-shares';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { serve } from '../../platform/http/endpoints.js';
import { sendJpeg } from '../photos/index.js';
import { renderGonePage, renderPlanPage } from './date-share-page.js';
import type { DateSharesService } from './date-shares.service.js';

/** The friend's page is never stored (a deleted link ends at once), never indexed, and never sends its URL on. */
const PAGE_HEADERS = { 'cache-control': 'no-store', 'x-robots-tag': 'noindex, nofollow', 'referrer-policy': 'no-referrer' };

export function dateSharesRoutes(shares: DateSharesService): FastifyPluginAsyncZod {
  return async (app) => {
    serve(app, endpoints.create, (req) => shares.create(req.auth.user.id, req.params.memberId, req.body));
    serve(app, endpoints.list, (req) => shares.list(req.auth.user.id));
    serve(app, endpoints.remove, async (req) => {
      await shares.remove(req.auth.user.id, req.params.id);
      return { message: 'Der Link ist gelöscht.' };
    });

    serve(app, endpoints.page, async (req, reply) => {
      const plan = await shares.plan(req.params.token);
      reply.type('text/html; charset=utf-8').headers(PAGE_HEADERS);
      if (!plan) return reply.code(404).send(renderGonePage());
      return reply.send(renderPlanPage(plan, pathOf(endpoints.photo.path, { token: req.params.token })));
    });
    serve(app, endpoints.photo, async (req, reply) =>
      sendJpeg(reply.headers(PAGE_HEADERS), { data: await shares.photo(req.params.token), maxAge: 0 }, 'no-store'),
    );
  };
}
