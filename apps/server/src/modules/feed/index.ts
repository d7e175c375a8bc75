// Public face of the feed module (the feed, its per-viewer decks, ranking and radius): other modules and the composition root
// import from here only (eslint boundaries/dependencies; docs/ARCHITECTURE.md, module map).

export { FeedService } from './feed.service.js';
export { createFeedModule } from './module.js';
