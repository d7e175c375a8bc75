import type { CursorSealer } from '../../platform/sealed-cursor.js';
import type { AppModule, Platform } from '../../platform/module.js';
import type { SessionService } from '../accounts/index.js';
import type { PhotosService, PhotoUrlSigner } from '../photos/index.js';
import type { PlacesService } from '../places/index.js';
import type { BadgesService } from '../rankings/index.js';
import { discoveryRoutes } from './discovery.routes.js';
import { FeedDecks } from './feed-decks.js';
import { DECK_SIZE, FeedService } from './feed.service.js';
import { FlirtImages } from './flirt-images.js';
import { LikesService } from './likes.service.js';

export interface DiscoveryModuleDeps extends Pick<Platform, 'db' | 'events' | 'limiter' | 'cacheable'> {
  photos: PhotosService;
  photoUrls: PhotoUrlSigner;
  places: PlacesService;
  badges: BadgesService;
  cursors: CursorSealer;
  sessions: SessionService;
}

/** The feed (decks cached per viewer), likes, flirts and matches. */
export function createDiscoveryModule({ db, events, limiter, cacheable, photos, photoUrls, places, badges, cursors, sessions }: DiscoveryModuleDeps): AppModule<{
  feed: FeedService;
  likes: LikesService;
}> {
  const likes = new LikesService({ db, photos, flirtImages: new FlirtImages(db, photoUrls), places, events, limiter });
  const decks = new FeedDecks({ events, enabled: cacheable, size: DECK_SIZE });
  const feed = new FeedService({ db, places, photos, badges, limiter, decks, cursors });
  return { routes: discoveryRoutes(feed, likes, sessions), services: { feed, likes }, jobs: [] };
}
