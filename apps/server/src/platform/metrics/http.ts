import type { FastifyInstance } from 'fastify';
import type { Metrics } from './metrics.js';

/**
 * Times every answered request by its route template (`/api/messages/:id`), never the raw URL:
 * ids and query strings would make the series endless and could carry tokens. Requests no route
 * matched count as "unmatched"; the paths in `skip` (the scrape itself) are not timed.
 */
export function registerHttpMetrics(app: FastifyInstance, metrics: Metrics, skip: readonly string[] = []): void {
  const skipped = new Set(skip);
  app.addHook('onResponse', (request, reply, done) => {
    const route = request.routeOptions.url ?? 'unmatched';
    if (!skipped.has(route)) {
      metrics.httpDuration.observe({ method: request.method, route, status_code: String(reply.statusCode) }, reply.elapsedTime / 1000);
    }
    done();
  });
}
