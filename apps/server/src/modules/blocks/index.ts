// Public face of the blocks module (block/unblock, the either-way block filter every query that hides blocked members uses):
// other modules and the composition root import from here only (eslint boundaries/dependencies; docs/ARCHITECTURE.md, module map).

export { BlocksService } from './blocks.service.js';
export { blockedEitherWay } from './block-filter.js';
export { createBlocksModule } from './module.js';
