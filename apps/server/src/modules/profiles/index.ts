// Public face of the profiles module (own and public profile, share page): other modules and the composition root
// import from here only (eslint boundaries/dependencies; docs/ARCHITECTURE.md, module map).

export { ProfilesService } from './profiles.service.js';
export { createProfilesModule } from './module.js';
