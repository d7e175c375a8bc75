// Public face of the admin module (/api/admin: settings, token cleanup, photo moderation, reports, suspension, audit log): other modules and the composition root
// import from here only (eslint boundaries/dependencies; docs/ARCHITECTURE.md, module map).

export { AdminService } from './admin.service.js';
export { recordAudit } from './audit.js';
export { ObjectionsService } from './objections.service.js';
export { createAdminModule } from './module.js';
export { CLEANUP_INTERVAL_MS, USED_TOKEN_RETENTION_DAYS } from './retention.js';
