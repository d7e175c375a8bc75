// Public face of the decisions module (statements of reasons and objections, DSA Art. 17 and 20):
// other modules and the composition root import from here only (eslint boundaries/dependencies).

export { DecisionsService, type DecidedObjection } from './decisions.service.js';
export { createDecisionsModule } from './module.js';
