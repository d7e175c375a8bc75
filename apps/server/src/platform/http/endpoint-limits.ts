import type { FastifyReply, FastifyRequest } from 'fastify';
import { requestBucket } from './client-ip.js';
import { enforcePolicy, policyKey, type RateLimiter } from '../rate-limit/rate-limit.js';

/**
 * The hooks that count the limits an endpoint declares, per member or per client address.
 * onRequest (registered after authentication) counts them before the body is read: a request over
 * a limit is a 429 with Retry-After, whether or not its body would have been valid.
 * onResponse gives the hits back when the answer was a 503: the server could not do the work (the
 * database connection broke, the process was shedding load), nothing was written, and the client
 * is told to try again. A member on a bad connection who retries a message send until it lands
 * must not find the retries counted as messages.
 */
export function endpointLimits(limiter: RateLimiter, log: { warn(obj: object, msg: string): void }) {
  const counted = new WeakMap<FastifyRequest, string[]>();
  return {
    onRequest: async (request: FastifyRequest): Promise<void> => {
      const limits = request.routeOptions.config.endpoint?.limits ?? [];
      if (limits.length === 0) return;
      const keys: string[] = [];
      counted.set(request, keys);
      for (const policy of limits) {
        const subject = policy.per === 'ip' ? requestBucket(request) : request.auth?.user.id;
        // serve() refuses a per-member limit on a visitor endpoint, so a member is always there.
        if (subject === undefined) continue;
        await enforcePolicy(limiter, policy, subject);
        keys.push(policyKey(policy, subject));
      }
    },
    onResponse: async (request: FastifyRequest, reply: FastifyReply): Promise<void> => {
      const keys = counted.get(request);
      if (!keys || reply.statusCode !== 503) return;
      try {
        await Promise.all(keys.map((key) => limiter.release(key)));
      } catch (err) {
        log.warn({ err }, 'rate limit hits of a 503 not given back');
      }
    },
  };
}
