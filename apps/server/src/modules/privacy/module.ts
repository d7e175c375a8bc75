import type { BlobStorage } from '../../platform/storage/blob-storage.js';
import type { AppModule, Platform } from '../../platform/module.js';
import type { SessionService } from '../auth/index.js';
import type { PhotosService } from '../photos/index.js';
import type { LeaderboardService } from '../leaderboard/index.js';
import { privacyRoutes } from './privacy.routes.js';
import { PrivacyService } from './privacy.service.js';

export interface PrivacyModuleDeps extends Pick<Platform, 'db' | 'events'> {
  storage: BlobStorage;
  photos: PhotosService;
  sessions: SessionService;
  leaderboard: LeaderboardService;
}

/** Data export (its hourly limit declared on the endpoint), erasure, consent. */
export function createPrivacyModule({ db, events, storage, photos, sessions, leaderboard }: PrivacyModuleDeps): AppModule<{ privacy: PrivacyService }> {
  const privacy = new PrivacyService({ db, storage, photos, sessions, leaderboard, events });
  return { routes: privacyRoutes(privacy), services: { privacy }, jobs: [] };
}
