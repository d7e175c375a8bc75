// Public face of the devmail module (/dev/mailbox outside production): other modules and the composition root
// import from here only (eslint boundaries/dependencies; docs/ARCHITECTURE.md, module map).

export { createDevmailModule } from './module.js';
