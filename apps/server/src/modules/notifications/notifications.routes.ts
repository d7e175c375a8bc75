import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '@funkeln/contracts/errors';
import { z } from 'zod';
import { clientBucket } from '../../platform/client-ip.js';
import { enforceLimit, type RateLimiter } from '../../platform/rate-limit.js';
import { confirmPage, donePage } from './unsubscribe-page.js';
import type { UnsubscribeService } from './unsubscribe.service.js';

const PATH = '/notifications/unsubscribe';
const query = z.object({ t: z.string().max(200) });
const oneClick = z.object({
  'List-Unsubscribe': z.literal('One-Click', { error: 'Bitte bestätige das Abbestellen mit „List-Unsubscribe=One-Click“.' }),
});
const html = { 200: z.string() };
const tags = ['notifications'];

/** Form fields of an RFC 8058 POST: mail providers send them urlencoded or as multipart/form-data. */
function formFields(contentType: string, body: string): Record<string, string> {
  if (contentType.startsWith('application/x-www-form-urlencoded')) return Object.fromEntries(new URLSearchParams(body));
  return Object.fromEntries([...body.matchAll(/name="([^"\r\n]+)"\r?\n(?:[^\r\n]+\r?\n)*\r?\n([^\r\n]*)/g)].map((m) => [m[1]!, m[2]!]));
}

export function notificationsRoutes(unsubscribes: UnsubscribeService, limiter: RateLimiter): FastifyPluginAsyncZod {
  return async (app) => {
    app.addContentTypeParser(['application/x-www-form-urlencoded', 'multipart/form-data'], { parseAs: 'string', bodyLimit: 4096 }, (req, body, done) =>
      done(null, formFields(req.headers['content-type'] ?? '', body as string)),
    );
    const limit = (ip: string) => enforceLimit(limiter, `unsubscribe:ip:${clientBucket(ip)}`, 60, 3600_000);

    app.get(PATH, { schema: { tags, querystring: query, response: { ...html, ...errorResponses('rate_limited', 'invalid_token') } } }, async (req, reply) => {
      await limit(req.ip);
      const kind = await unsubscribes.kindOf(req.query.t);
      return reply.type('text/html; charset=utf-8').header('cache-control', 'no-store').send(confirmPage(kind, `/api${PATH}?t=${req.query.t}`));
    });

    app.post(PATH, { schema: { tags, querystring: query, body: oneClick, consumes: ['application/x-www-form-urlencoded', 'multipart/form-data'], response: { ...html, ...errorResponses('rate_limited', 'invalid_token') } } }, async (req, reply) => {
      await limit(req.ip);
      const kind = await unsubscribes.unsubscribe(req.query.t);
      return reply.type('text/html; charset=utf-8').header('cache-control', 'no-store').send(donePage(kind));
    });
  };
}
