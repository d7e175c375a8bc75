import { healthEndpoints as endpoints } from '@funkeln/contracts/routes/health';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Redis } from 'ioredis';
import type { Db } from '../../db/client.js';
import { serve } from '../../platform/http/endpoints.js';

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
    serve(app, endpoints.live, () => ({ status: 'ok' as const }));

    // Not ready while draining (a load balancer stops sending), or when the database or Redis is unreachable.
    serve(app, endpoints.ready, async (_req, reply) => {
      const redis = c.redis;
      const [database, redisUp] = await Promise.all([
        check(() => c.db.ping()),
        redis ? check(async () => (await redis.ping()) === 'PONG') : Promise.resolve(undefined),
      ]);
      const checks: Record<string, boolean> = { database };
      if (redisUp !== undefined) checks.redis = redisUp;
      if (c.lifecycle.draining) {
        reply.code(503);
        return { status: 'draining' as const, checks };
      }
      const ok = Object.values(checks).every(Boolean);
      reply.code(ok ? 200 : 503);
      return { status: ok ? ('ok' as const) : ('unavailable' as const), checks };
    });
  };
}
