import { notificationsEndpoints as endpoints } from '@funkeln/contracts/routes/notifications';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { serve } from '../../platform/endpoints.js';
import { confirmPage, donePage } from './unsubscribe-page.js';
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

    serve(app, endpoints.unsubscribePage, async (req, reply) => {
      const kind = await unsubscribes.kindOf(req.query.t);
      return reply.type('text/html; charset=utf-8').header('cache-control', 'no-store').send(confirmPage(kind, unsubscribePath(req.query.t)));
    });

    serve(app, endpoints.unsubscribe, async (req, reply) => {
      const kind = await unsubscribes.unsubscribe(req.query.t);
      return reply.type('text/html; charset=utf-8').header('cache-control', 'no-store').send(donePage(kind));
    });
  };
}
