// Public face of the legal module (the Impressum's and Datenschutz page's facts): the composition root
// imports from here only (eslint boundaries/dependencies; docs/ARCHITECTURE.md, module map).

export { createLegalModule } from './module.js';
