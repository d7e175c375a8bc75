// Public face of the date-shares module ("Date teilen": a date plan shared with a friend through a link): the composition root
// imports from here only (eslint boundaries/dependencies; docs/ARCHITECTURE.md, module map).

export { createDateSharesModule } from './module.js';
