// Public face of the health module (/healthz, /readyz): other modules and the composition root
// import from here only (eslint boundaries/dependencies; docs/ARCHITECTURE.md, module map).

export { createHealthModule } from './module.js';
