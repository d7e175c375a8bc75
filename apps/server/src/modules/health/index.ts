// Public face of the health module (/healthz, /readyz): other modules and the composition root
// import from here only (eslint boundaries/dependencies; docs/ARCHITECTURE.md, module map).

export { healthRoutes } from './health.routes.js';
