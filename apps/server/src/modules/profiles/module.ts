import type { AppModule, Platform } from '../../platform/module.js';
import type { BlocksService } from '../blocks/index.js';
import type { PhotosService } from '../photos/index.js';
import type { PlacesService } from '../places/index.js';
import type { BadgesService } from '../leaderboard/index.js';
import type { FaceVerificationService } from '../verification/index.js';
import { profilesRoutes } from './profiles.routes.js';
import { ProfilesService } from './profiles.service.js';
import { shareRoutes } from './share.routes.js';
import { ShareService } from './share.service.js';

export interface ProfilesModuleDeps extends Pick<Platform, 'config' | 'db' | 'events' | 'limiter'> {
  photos: PhotosService;
  places: PlacesService;
  blocks: BlocksService;
  badges: BadgesService;
  faceVerification: FaceVerificationService;
}

/** Own and others' profiles, and the public share page outside the API. */
export function createProfilesModule({ config, db, events, limiter, photos, places, blocks, badges, faceVerification }: ProfilesModuleDeps): AppModule<{
  profiles: ProfilesService;
}> {
  const profiles = new ProfilesService({ db, photos, places, blocks, limiter, events, badges, verification: faceVerification });
  return {
    routes: async (app) => {
      await app.register(profilesRoutes(profiles));
      await app.register(shareRoutes(new ShareService({ db, photos, places }), config.publicUrl));
    },
    services: { profiles },
    jobs: [],
  };
}
