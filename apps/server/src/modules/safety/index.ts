// Public face of the safety module (member reports, notices from anyone, the reporter told the outcome):
// other modules and the composition root import from here only (eslint boundaries/dependencies; docs/ARCHITECTURE.md, module map).

export { ReportsService } from './reports.service.js';
export { ReportOutcomes } from './report-outcome.js';
export { EVIDENCE_RETENTION_DAYS, REPORT_RETENTION_DAYS } from './retention.js';
export { createSafetyModule } from './module.js';
