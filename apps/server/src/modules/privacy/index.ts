// Public face of the privacy module (DSGVO export, erasure, consent): other modules and the composition root
// import from here only (eslint boundaries/dependencies; docs/ARCHITECTURE.md, module map).

export { PrivacyService } from './privacy.service.js';
export { createPrivacyModule } from './module.js';
