// Public face of the metrics module (GET /metrics for operators): other modules and the composition root
// import from here only (eslint boundaries/dependencies; docs/ARCHITECTURE.md, module map).

export { METRICS_PATH } from './metrics.routes.js';
export { createMetricsModule } from './module.js';
