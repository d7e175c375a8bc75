import type { CursorSealer } from '../../platform/sealed-cursor.js';
import type { AppModule, Platform } from '../../platform/module.js';
import type { BadgesService } from '../leaderboard/index.js';
import type { PhotosService } from '../photos/index.js';
import type { PlacesService } from '../places/index.js';
import { FeedDecks } from './feed-decks.js';
import { feedRoutes } from './feed.routes.js';
import { DECK_SIZE, FeedService } from './feed.service.js';

export interface FeedModuleDeps extends Pick<Platform, 'db' | 'events' | 'cacheable'> {
  photos: PhotosService;
  places: PlacesService;
  badges: BadgesService;
  cursors: CursorSealer;
  /** Whether decks serve pages; default `cacheable` (every process that changes data reaches this one's events). */
  decksEnabled?: () => boolean;
}

/** The feed, with decks cached per viewer. */
export function createFeedModule({ db, events, cacheable, photos, places, badges, cursors, decksEnabled = cacheable }: FeedModuleDeps): AppModule<{ feed: FeedService }> {
  const decks = new FeedDecks({ events, enabled: decksEnabled, size: DECK_SIZE });
  const feed = new FeedService({ db, places, photos, badges, decks, cursors });
  return { routes: feedRoutes(feed), services: { feed }, jobs: [] };
}
