// Public face of the profiles module (own and public profile, share page): other modules and the composition root
// import from here only (eslint boundaries/dependencies; docs/ARCHITECTURE.md, module map).

export { findProfile } from './profiles.repo.js';
export { profilesRoutes } from './profiles.routes.js';
export { ProfilesService } from './profiles.service.js';
export { shareRoutes } from './share.routes.js';
