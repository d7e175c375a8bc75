// Public face of the account module (member settings, password change, sign out everywhere): other modules and the composition root
// import from here only (eslint boundaries/dependencies; docs/ARCHITECTURE.md, module map).

export { AccountService } from './account.service.js';
export { createAccountModule } from './module.js';
