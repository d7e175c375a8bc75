// Public face of the safety module (member reports): other modules and the composition root
// import from here only (eslint boundaries/dependencies; docs/ARCHITECTURE.md, module map).

export { reportsRoutes } from './reports.routes.js';
export { ReportsService } from './reports.service.js';
