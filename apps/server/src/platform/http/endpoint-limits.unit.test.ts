import { endpoint } from '@funkeln/contracts/routes/define';
import type { RateLimitPolicy } from '@funkeln/contracts/routes/limits';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { DatabaseUnavailableError } from '../../db/client.js';
import { endpointLimits } from './endpoint-limits.js';
import { registerErrorHandling } from './errors.js';
import { createMemoryRateLimiter } from '../rate-limit/rate-limit.js';

const perIp: RateLimitPolicy = { key: 'test:ip', per: 'ip', max: 3, windowMs: 60_000 };
const spec = endpoint({ method: 'POST', path: '/try', auth: 'visitor', errors: [], limits: [perIp], tag: 'test' });

/** An app with the real limit hooks and error handler, whose one endpoint fails as the test says. */
async function appFailingWith(fail: () => Error | undefined) {
  const app = Fastify({ logger: false });
  registerErrorHandling(app);
  const hooks = endpointLimits(createMemoryRateLimiter(), { warn: () => undefined });
  app.addHook('onRequest', hooks.onRequest);
  app.addHook('onResponse', hooks.onResponse);
  app.route({ method: 'POST', url: '/try', config: { endpoint: spec }, handler: async () => {
    const err = fail();
    if (err) throw err;
    return { ok: true };
  } });
  await app.ready();
  return app;
}

describe('declared limits and 503 answers', () => {
  it('gives back the hits of requests answered 503 (nothing was done), so retries are not counted', async () => {
    let broken = 10;
    const app = await appFailingWith(() => (broken-- > 0 ? new DatabaseUnavailableError('connection lost') : undefined));
    const statuses: number[] = [];
    for (let i = 0; i < 13; i++) statuses.push((await app.inject({ method: 'POST', url: '/try' })).statusCode);
    // Ten 503s count nothing; then exactly the limit's three pass and the next is refused.
    expect(statuses).toEqual([...Array<number>(10).fill(503), 200, 200, 200]);
    expect((await app.inject({ method: 'POST', url: '/try' })).statusCode).toBe(429);
    await app.close();
  });

  it('keeps counting requests that failed for any other reason', async () => {
    const app = await appFailingWith(() => Object.assign(new Error('bad'), { statusCode: 400 }));
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) statuses.push((await app.inject({ method: 'POST', url: '/try' })).statusCode);
    expect(statuses).toEqual([400, 400, 400, 429]);
    await app.close();
  });
});
