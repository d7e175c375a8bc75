// Public face of the discovery module (feed, likes/flirts/skips, matches, blocks): other modules and the composition root
// import from here only (eslint boundaries/dependencies; docs/ARCHITECTURE.md, module map).

export { FeedService } from './feed.service.js';
export { LikesService } from './likes.service.js';
export { isBlockedEitherWay } from './swipes.repo.js';
export { blockedEitherWay } from './block-filter.js';
export { createDiscoveryModule } from './module.js';
