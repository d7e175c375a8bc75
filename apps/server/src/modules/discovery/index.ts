// Public face of the discovery module (feed, likes/flirts/skips, matches, blocks): other modules and the composition root
// import from here only (eslint boundaries/dependencies; docs/ARCHITECTURE.md, module map).

export { discoveryRoutes } from './discovery.routes.js';
export { FeedDecks } from './feed-decks.js';
export { DECK_SIZE, FeedService } from './feed.service.js';
export { FlirtImages } from './flirt-images.js';
export { LikesService } from './likes.service.js';
export { isBlockedEitherWay } from './swipes.repo.js';
