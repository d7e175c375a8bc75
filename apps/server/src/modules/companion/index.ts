// Public face of the companion module (the Digital Friend: conversations, memories, model providers, billing): other modules and the composition root
// import from here only (eslint boundaries/dependencies; docs/ARCHITECTURE.md, module map).

export { CompanionService } from './companion.service.js';
export type { CompanionModel } from './model.js';
export { createCompanionModule } from './module.js';
