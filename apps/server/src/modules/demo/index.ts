// Public face of the demo module (demo members for a fresh installation (the seeder)): other modules and the composition root
// import from here only (eslint boundaries/dependencies; docs/ARCHITECTURE.md, module map).

export { seedDemo } from './demo.seeder.js';
