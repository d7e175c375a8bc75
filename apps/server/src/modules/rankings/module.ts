import type { AppModule, Platform } from '../../platform/module.js';
import type { SessionService } from '../accounts/index.js';
import type { PhotosService } from '../photos/index.js';
import { BadgesService } from './badges.service.js';
import { rankingsRoutes } from './rankings.routes.js';
import { RankingsService } from './rankings.service.js';

export interface RankingsModuleDeps extends Pick<Platform, 'db' | 'events' | 'limiter' | 'schedule'> {
  photos: PhotosService;
  sessions: SessionService;
}

/** Votes, the monthly Top10 and badges; freezes finished months' Top10 every 10 minutes (once across the cluster). */
export function createRankingsModule({ db, events, limiter, schedule, photos, sessions }: RankingsModuleDeps): AppModule<{
  rankings: RankingsService;
  badges: BadgesService;
}> {
  const rankings = new RankingsService({ db, photos, events, limiter });
  const freeze = schedule('leaderboard-freeze', 600_000, async () => void (await rankings.freezeFinishedMonths()));
  return { routes: rankingsRoutes(rankings, sessions), services: { rankings, badges: new BadgesService(db) }, jobs: [freeze] };
}
