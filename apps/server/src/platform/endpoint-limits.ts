import type { FastifyRequest } from 'fastify';
import { clientBucket } from './client-ip.js';
import { enforcePolicy, type RateLimiter } from './rate-limit.js';

/**
 * onRequest hook, registered after authentication: counts the limits the endpoint declares, per
 * member or per client address, before the body is read. A request over a limit is a 429 with
 * Retry-After, whether or not its body would have been valid.
 */
export function endpointLimits(limiter: RateLimiter) {
  return async (request: FastifyRequest): Promise<void> => {
    const spec = request.routeOptions.config.endpoint;
    for (const policy of spec?.limits ?? []) {
      const subject = policy.per === 'ip' ? clientBucket(request.ip) : request.auth?.user.id;
      // serve() refuses a per-member limit on a visitor endpoint, so a member is always there.
      if (subject !== undefined) await enforcePolicy(limiter, policy, subject);
    }
  };
}
