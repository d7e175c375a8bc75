// Public face of the settings module (typed key/value settings in the database): other modules and the composition root
// import from here only (eslint boundaries/dependencies; docs/ARCHITECTURE.md, module map).

export { SettingsService } from './settings.service.js';
export { createSettingsModule } from './module.js';
