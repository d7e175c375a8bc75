import type { AppModule } from '../../platform/module.js';
import { healthRoutes, type HealthDeps } from './health.routes.js';

/** Liveness and readiness probes (registered at the root). */
export function createHealthModule(deps: HealthDeps): AppModule<Record<string, never>> {
  return { routes: healthRoutes(deps), services: {}, jobs: [] };
}
