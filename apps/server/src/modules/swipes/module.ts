import type { AppModule, Platform } from '../../platform/module.js';
import type { PhotosService, PhotoUrlSigner } from '../photos/index.js';
import { FlirtImages } from './flirt-images.js';
import { NewCountsService } from './new-counts.service.js';
import { SwipesService, type SwipesServiceDeps } from './swipes.service.js';
import { swipesRoutes } from './swipes.routes.js';

export interface SwipesModuleDeps extends Pick<Platform, 'db' | 'events' | 'eventOutbox'> {
  photos: PhotosService;
  photoUrls: PhotoUrlSigner;
  cardOf: SwipesServiceDeps['cardOf'];
  demoLikesBack: SwipesServiceDeps['demoLikesBack'];
}

/** Likes, flirts (with their anonymous pictures), skips, undo and matches; the counts of new matches and flirts. */
export function createSwipesModule({ db, events, eventOutbox, photos, photoUrls, cardOf, demoLikesBack }: SwipesModuleDeps): AppModule<{ swipes: SwipesService }> {
  const swipes = new SwipesService({ db, photos, flirtImages: new FlirtImages(db, photoUrls), cardOf, events, eventOutbox, demoLikesBack });
  // Realtime is best effort: the first dispatch, in the process that made the match (a client catches up on reconnect).
  eventOutbox.on('match.created', ({ a, b }) => swipes.announceMatch(a, b), { firstAttemptOnly: true });
  // The badges on Matches and Flirts move with the same events, best effort alike (a client loads them again on reconnect).
  const newCounts = new NewCountsService(db, events);
  eventOutbox.on('match.created', ({ a, b }) => newCounts.pushAll([a, b]), { firstAttemptOnly: true });
  eventOutbox.on('flirt.created', ({ recipientId }) => newCounts.pushAll([recipientId]), { firstAttemptOnly: true });
  return { routes: swipesRoutes(swipes, newCounts), services: { swipes }, jobs: [] };
}
