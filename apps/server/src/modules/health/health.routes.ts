import { healthResponse } from '@funkeln/contracts/health';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Container } from '../../container.js';

export function healthRoutes(c: Container): FastifyPluginAsyncZod {
  return async (app) => {
    app.get('/healthz', { schema: { tags: ['ops'], response: { 200: healthResponse } } }, async () => ({ status: 'ok' as const }));

    app.get('/readyz', { schema: { tags: ['ops'], response: { 200: healthResponse, 503: healthResponse } } }, async (_req, reply) => {
      const checks: Record<string, boolean> = { database: await c.db.ping() };
      if (c.redis) checks.redis = await c.redis.ping().then((r) => r === 'PONG', () => false);
      const ok = Object.values(checks).every(Boolean);
      return reply.code(ok ? 200 : 503).send({ status: ok ? 'ok' : 'unavailable', checks });
    });
  };
}
