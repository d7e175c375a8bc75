import { logFailure } from '../../platform/http/errors.js';
import { type AppModule, type Platform, stopOnly } from '../../platform/module.js';
import type { PhotosService } from '../photos/index.js';
import { BadgesService } from './badges.service.js';
import { leaderboardRoutes } from './leaderboard.routes.js';
import { LeaderboardService } from './leaderboard.service.js';

export interface LeaderboardModuleDeps extends Pick<Platform, 'db' | 'events' | 'schedule' | 'log' | 'cacheable'> {
  photos: PhotosService;
}

/** Votes, the monthly Top10 and badges; freezes finished months' Top10 every 10 minutes (once across the cluster). */
export function createLeaderboardModule({ db, events, schedule, log, photos, cacheable }: LeaderboardModuleDeps): AppModule<{
  leaderboard: LeaderboardService;
  badges: BadgesService;
}> {
  const onError = (err: unknown) => void logFailure(log, err, 'live Top10 announcement failed');
  // The running Top10 is kept between changes wherever every change reaches this process (its events).
  const leaderboard = new LeaderboardService({ db, photos, events, onError, keepTop: cacheable });
  // A deleted or reordered photo can change which photo competes: the member's Top10 pages update (best effort, failures logged).
  events.on('photos.changed', ({ memberId }) => void leaderboard.memberChanged(memberId).catch(onError));
  const freeze = schedule('leaderboard-freeze', 600_000, async () => void (await leaderboard.freezeFinishedMonths()));
  return { routes: leaderboardRoutes(leaderboard), services: { leaderboard, badges: new BadgesService(db) }, jobs: [freeze, stopOnly(() => leaderboard.settled())] };
}
