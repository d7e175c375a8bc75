// Public face of the swipes module (likes/flirts/skips, undo, flirts received, matches): other modules and the composition root
// import from here only (eslint boundaries/dependencies; docs/ARCHITECTURE.md, module map).

export { SwipesService } from './swipes.service.js';
export { createSwipesModule } from './module.js';
