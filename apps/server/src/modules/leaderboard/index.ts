// Public face of the leaderboard module (photo voting, Top10, badges): other modules and the composition root
// import from here only (eslint boundaries/dependencies; docs/ARCHITECTURE.md, module map).

export { BadgesService } from './badges.service.js';
export { LeaderboardService } from './leaderboard.service.js';
export { createLeaderboardModule } from './module.js';
