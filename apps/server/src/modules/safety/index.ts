// Public face of the safety module (member reports): other modules and the composition root
// import from here only (eslint boundaries/dependencies; docs/ARCHITECTURE.md, module map).

export { ReportsService } from './reports.service.js';
export { createSafetyModule } from './module.js';
