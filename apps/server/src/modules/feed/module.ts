import { ABOUT_PREVIEW } from '@funkeln/contracts/feed';
import type { Redis } from 'ioredis';
import type { CursorSealer } from '../../platform/crypto/sealed-cursor.js';
import type { AppModule, Job, Platform } from '../../platform/module.js';
import type { PhotosService } from '../photos/index.js';
import { DeckShare } from './feed-deck-share.js';
import { FeedDecks } from './feed-decks.js';
import { FeedIndex } from './feed-index.js';
import { feedRoutes } from './feed.routes.js';
import { DECK_SIZE, FeedService } from './feed.service.js';

export interface FeedModuleDeps extends Pick<Platform, 'config' | 'db' | 'events' | 'cacheable' | 'log' | 'metrics'> {
  /** The deployment's Redis: decks are shared between its processes there (DeckShare). */
  redis: Redis | undefined;
  photos: PhotosService;
  cursors: CursorSealer;
  /** Whether decks serve pages; default `cacheable` (every process that changes data reaches this one's events). */
  decksEnabled?: () => boolean;
  /** Whether the ranking runs in memory (FeedIndex); default: on the embedded database, where every write is this process's. */
  indexEnabled?: () => boolean;
}

/** The feed, with decks cached per viewer (and shared between processes with Redis); a member's deck is read when their socket connects. */
export function createFeedModule(deps: FeedModuleDeps): AppModule<{ feed: FeedService }> {
  const { config, db, events, cacheable, log, metrics, photos, cursors, redis, decksEnabled = cacheable, indexEnabled } = deps;
  const decks = new FeedDecks({ events, enabled: decksEnabled, size: DECK_SIZE });
  const share = redis ? new DeckShare({ redis, prefix: `${config.redisPrefix}deck:`, events, ttlMs: decks.ttlMs }) : undefined;
  const onShareError = (err: unknown) => log.warn({ err }, 'shared feed decks unavailable; reading from the database');
  // Only on the embedded database: with PostgreSQL other processes write members (see FeedIndex).
  const index = db.kind === 'pglite' ? new FeedIndex({ db, events, aboutChars: ABOUT_PREVIEW + 1, enabled: indexEnabled }) : undefined;
  const feed = new FeedService({ db, photos, decks, share, onShareError, index, cursors, metrics });
  return { routes: feedRoutes(feed), services: { feed }, jobs: [...(index ? [index] : []), prepareOnConnect(events, feed, log)] };
}

/**
 * The app opening (the member's socket connecting to this process) prepares their feed in the
 * background. Listening from the start, as the decks themselves do (whether or not this process
 * runs scheduled jobs); stopping ends the listening and waits for the reads in flight.
 */
function prepareOnConnect(events: Platform['events'], feed: FeedService, log: Platform['log']): Job {
  const preparing = new Set<Promise<void>>();
  const off = events.on('member.connected', ({ memberId }) => {
    const p = feed
      .prepare(memberId)
      .catch((err: unknown) => log.error({ err }, 'feed deck preparation failed'))
      .finally(() => preparing.delete(p));
    preparing.add(p);
  });
  return {
    start: () => undefined,
    stop: async () => {
      off();
      await Promise.allSettled([...preparing]);
    },
  };
}
