// Public face of the ops module (GET /metrics for operators): other modules and the composition root
// import from here only (eslint boundaries/dependencies; docs/ARCHITECTURE.md, module map).

export { METRICS_PATH, metricsRoutes } from './metrics.routes.js';
