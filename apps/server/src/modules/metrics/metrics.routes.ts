import cluster from 'node:cluster';
import { errorResponses } from '@funkeln/contracts/errors';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { clusterScrape } from '../../platform/metrics/cluster.js';
import type { Metrics } from '../../platform/metrics/metrics.js';
import { metricsAccess } from './metrics-access.js';

export const METRICS_PATH = '/metrics';

/**
 * GET /metrics in the Prometheus text format, for operators only (see metricsAccess). A cluster
 * worker answers with the whole cluster's figures, gathered by the primary.
 */
export function metricsRoutes(metrics: Metrics, token: string | undefined): FastifyPluginAsyncZod {
  return async (app) => {
    const scrape = cluster.isWorker
      ? clusterScrape(metrics.registry, (err) => app.log.warn({ err }, 'cluster metrics unavailable; this worker answers alone'))
      : () => metrics.registry.metrics();
    app.get(
      METRICS_PATH,
      {
        onRequest: metricsAccess(token),
        schema: {
          tags: ['ops'],
          summary: 'Betriebsmetriken im Prometheus-Format (nur für den Betrieb, nicht für Mitglieder)',
          description: 'Mit METRICS_TOKEN: Bearer-Token nötig (sonst 401); ohne: nur von localhost (sonst 404).',
          security: [{ bearer: [] }],
          response: errorResponses('unauthorized', 'not_found'),
        },
      },
      async (_req, reply) => reply.type(metrics.registry.contentType).header('cache-control', 'no-store').send(await scrape()),
    );
  };
}
