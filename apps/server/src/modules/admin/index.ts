// Public face of the admin module (/api/admin: settings, token cleanup, photo moderation, reports, suspension, audit log): other modules and the composition root
// import from here only (eslint boundaries/dependencies; docs/ARCHITECTURE.md, module map).

export { AdminService } from './admin.service.js';
export { USED_TOKEN_RETENTION_DAYS } from './admin.repo.js';
export { CLEANUP_INTERVAL_MS, createAdminModule } from './module.js';
