import cluster from 'node:cluster';
import { metricsEndpoints as endpoints } from '@funkeln/contracts/routes/metrics';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { serve } from '../../platform/http/endpoints.js';
import { clusterScrape } from '../../platform/metrics/cluster.js';
import type { Metrics } from '../../platform/metrics/metrics.js';
import { metricsAccess } from './metrics-access.js';

export const METRICS_PATH = endpoints.scrape.path;

/**
 * GET /metrics in the Prometheus text format, for operators only: a visitor endpoint for the
 * members' auth hook, guarded by its own check (metricsAccess: METRICS_TOKEN as the bearer token,
 * else 401; without a token only localhost, else 404), which runs on every request of this plugin
 * before the handler. A cluster worker answers with the whole cluster's figures, gathered by the primary.
 */
export function metricsRoutes(metrics: Metrics, token: string | undefined): FastifyPluginAsyncZod {
  return async (app) => {
    const scrape = cluster.isWorker
      ? clusterScrape(metrics.registry, (err) => app.log.warn({ err }, 'cluster metrics unavailable; this worker answers alone'))
      : () => metrics.registry.metrics();
    app.addHook('onRequest', metricsAccess(token));
    serve(app, endpoints.scrape, async (_req, reply) => reply.type(metrics.registry.contentType).header('cache-control', 'no-store').send(await scrape()));
  };
}
