import { notificationsEndpoints as endpoints } from '@funkeln/contracts/routes/notifications';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { serve } from '../../platform/http/endpoints.js';
import { AppError } from '../../platform/http/errors.js';
import { badLinkPage, confirmPage, donePage } from './unsubscribe-page.js';
import { unsubscribePath } from './unsubscribe-tokens.js';
import type { UnsubscribeService } from './unsubscribe.service.js';

/** Form fields of an RFC 8058 POST: mail providers send them urlencoded or as multipart/form-data. */
function formFields(contentType: string, body: string): Record<string, string> {
  if (contentType.startsWith('application/x-www-form-urlencoded')) return Object.fromEntries(new URLSearchParams(body));
  return Object.fromEntries([...body.matchAll(/name="([^"\r\n]+)"\r?\n(?:[^\r\n]+\r?\n)*\r?\n([^\r\n]*)/g)].map((m) => [m[1]!, m[2]!]));
}

/** The unsubscribe page and its one-click POST answer HTML; their per-address limit is declared on the endpoints. */
export function notificationsRoutes(unsubscribes: UnsubscribeService): FastifyPluginAsyncZod {
  return async (app) => {
    app.addContentTypeParser(['application/x-www-form-urlencoded', 'multipart/form-data'], { parseAs: 'string', bodyLimit: 4096 }, (req, body, done) =>
      done(null, formFields(req.headers['content-type'] ?? '', body as string)),
    );

    /** The page, or a browser's German page for a link that is bad or expired (API clients get the JSON error). */
    const answer = async (req: FastifyRequest, reply: FastifyReply, page: () => Promise<string>) => {
      const htmlPage = await page().catch((err: unknown) => {
        if (!(err instanceof AppError && err.code === 'invalid_token' && req.headers.accept?.includes('text/html'))) throw err;
        reply.code(err.statusCode);
        return badLinkPage(err.message);
      });
      return reply.type('text/html; charset=utf-8').header('cache-control', 'no-store').send(htmlPage);
    };

    serve(app, endpoints.unsubscribePage, (req, reply) =>
      answer(req, reply, async () => confirmPage(await unsubscribes.kindOf(req.query.t), unsubscribePath(req.query.t))),
    );

    serve(app, endpoints.unsubscribe, (req, reply) => answer(req, reply, async () => donePage(await unsubscribes.unsubscribe(req.query.t))));
  };
}
