// Public face of the demo module (demo members for a fresh installation (the seeder) and their life): other modules and the
// composition root import from here only (eslint boundaries/dependencies; docs/ARCHITECTURE.md, module map).

export { demoLikesBack } from './demo-likes.js';
export { seedDemo } from './demo.seeder.js';
export { createDemoModule } from './module.js';
