import type { AppModule, Platform } from '../../platform/module.js';
import { metricsRoutes } from './metrics.routes.js';

/** GET /metrics for the operator's Prometheus (registered at the root, behind METRICS_TOKEN). */
export function createMetricsModule({ config, metrics }: Pick<Platform, 'config' | 'metrics'>): AppModule<Record<string, never>> {
  return { routes: metricsRoutes(metrics, config.metricsToken), services: {}, jobs: [] };
}
