import { healthResponse } from '@funkeln/contracts/health';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Redis } from 'ioredis';
import type { Db } from '../../db/client.js';

const CHECK_TIMEOUT_MS = 2000;

/** A dependency that does not answer within the timeout counts as down (a probe must not hang). */
function check(probe: () => Promise<boolean>): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<boolean>((resolve) => {
    timer = setTimeout(() => resolve(false), CHECK_TIMEOUT_MS);
  });
  return Promise.race([probe().catch(() => false), timeout]).finally(() => clearTimeout(timer));
}

export interface HealthDeps {
  db: Db;
  redis: Redis | undefined;
  /** Process state: draining from the first shutdown signal on. */
  lifecycle: { draining: boolean };
}

export function healthRoutes(c: HealthDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.get('/healthz', { schema: { tags: ['ops'], response: { 200: healthResponse } } }, async () => ({ status: 'ok' as const }));

    // Not ready while draining (a load balancer stops sending), or when the database or Redis is unreachable.
    app.get('/readyz', { schema: { tags: ['ops'], response: { 200: healthResponse, 503: healthResponse } } }, async (_req, reply) => {
      const redis = c.redis;
      const [database, redisUp] = await Promise.all([
        check(() => c.db.ping()),
        redis ? check(async () => (await redis.ping()) === 'PONG') : Promise.resolve(undefined),
      ]);
      const checks: Record<string, boolean> = { database };
      if (redisUp !== undefined) checks.redis = redisUp;
      if (c.lifecycle.draining) return reply.code(503).send({ status: 'draining', checks });
      const ok = Object.values(checks).every(Boolean);
      return reply.code(ok ? 200 : 503).send({ status: ok ? 'ok' : 'unavailable', checks });
    });
  };
}
