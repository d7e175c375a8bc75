// Public face of the rankings module (photo voting, Top10, badges): other modules and the composition root
// import from here only (eslint boundaries/dependencies; docs/ARCHITECTURE.md, module map).

export { BadgesService } from './badges.service.js';
export { voteReceivedOn } from './rankings.repo.js';
export { RankingsService } from './rankings.service.js';
export { createRankingsModule } from './module.js';
