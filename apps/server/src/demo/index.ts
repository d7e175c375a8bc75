// Public face of the demo generator (demo members for a fresh installation (the seeder) and their life). It lives
// outside the production modules (apps/server/src/demo/): no module imports it; the composition root imports from
// here and passes its hooks in (eslint boundaries/dependencies, funkeln/module-graph; docs/ARCHITECTURE.md, module map).

export { demoLikesBack } from './demo-likes.js';
export { seedDemo } from './demo.seeder.js';
export { createDemoModule } from './module.js';
