import { join, resolve } from 'node:path';
import type { Redis } from 'ioredis';
import type { Config } from './config.js';
import type { Db } from './db/client.js';
import { AccountsService } from './modules/accounts/accounts.service.js';
import { GoogleSignIn } from './modules/accounts/google/google.service.js';
import { MailTokenService } from './modules/accounts/mail-tokens.service.js';
import { PasswordResetService } from './modules/accounts/password-reset.service.js';
import { SessionService } from './modules/accounts/sessions.service.js';
import { VerificationService } from './modules/accounts/verification.service.js';
import { FeedDecks } from './modules/discovery/feed-decks.js';
import { DECK_SIZE, FeedService } from './modules/discovery/feed.service.js';
import { LikesService } from './modules/discovery/likes.service.js';
import { createNsfwModerator, type Moderator } from './modules/photos/moderation/moderator.js';
import { PhotoUrlSigner } from './modules/photos/photo-urls.js';
import { PhotosService } from './modules/photos/photos.service.js';
import { PlacesService } from './modules/places/places.service.js';
import { ProfilesService } from './modules/profiles/profiles.service.js';
import { SettingsService } from './modules/settings/settings.service.js';
import { EventBus } from './platform/events.js';
import { OutboxSender, type SenderLog } from './platform/mail/outbox-sender.js';
import { createDevMailboxTransport, createSmtpTransport } from './platform/mail/transport.js';
import { createMemoryRateLimiter, createRedisRateLimiter, type RateLimiter } from './platform/rate-limit.js';
import { createRedis } from './platform/redis.js';
import { createLocalStorage, type BlobStorage } from './platform/storage.js';

/** Every long-lived service, wired once; app.ts builds HTTP on top, tests build their own. */
export interface Container {
  config: Config;
  db: Db;
  redis: Redis | undefined;
  events: EventBus;
  limiter: RateLimiter;
  settings: SettingsService;
  sessions: SessionService;
  accounts: AccountsService;
  verification: VerificationService;
  passwordReset: PasswordResetService;
  google: GoogleSignIn;
  mailSender: OutboxSender;
  storage: BlobStorage;
  moderator: Moderator;
  places: PlacesService;
  photos: PhotosService;
  profiles: ProfilesService;
  feed: FeedService;
  likes: LikesService;
  /** Starts background jobs (mail outbox). */
  startJobs(): void;
  /** Stops jobs and closes Redis; the database is closed by its owner. */
  close(): Promise<void>;
}


/** Parts a test may swap for a purpose-built one (e.g. a moderator that fails). */
export interface ContainerOverrides {
  moderator?: Moderator;
}

export function createContainer(config: Config, db: Db, log: SenderLog, overrides: ContainerOverrides = {}): Container {
  const redis = config.redisUrl ? createRedis(config.redisUrl) : undefined;
  const events = new EventBus((err) => log.error({ err }, 'cluster event not published'));
  if (redis) events.connect(redis, config.redisPrefix);
  // In-memory caches are exact only if every process that changes data can tell this one: the
  // embedded database allows one process; with PostgreSQL that takes the Redis event channel.
  const cacheable = () => !config.databaseUrl || events.clustered;
  const limiter = redis ? createRedisRateLimiter(redis, `${config.redisPrefix}rl:`) : createMemoryRateLimiter();
  const settings = new SettingsService(db);
  const sessions = new SessionService(db, events, config, cacheable);
  const mailTokens = new MailTokenService(config, events);
  const transport = config.smtpUrl ? createSmtpTransport(config.smtpUrl, config.mailFrom) : createDevMailboxTransport();
  const mailSender = new OutboxSender(db, transport, log);
  const unsubscribe = events.on('mail.enqueued', () => mailSender.kick());
  const storage = createLocalStorage(join(resolve(config.dataDir), 'photos'));
  const moderator = overrides.moderator ?? createNsfwModerator();
  const places = new PlacesService(db);
  const photos = new PhotosService(db, storage, new PhotoUrlSigner(db), moderator, settings, limiter, log, events);
  const likes = new LikesService(db, photos, places, events, limiter);
  return {
    config,
    db,
    redis,
    events,
    limiter,
    settings,
    sessions,
    accounts: new AccountsService(db, config, settings, sessions, mailTokens, limiter),
    verification: new VerificationService(db, settings, mailTokens, sessions, limiter),
    passwordReset: new PasswordResetService(db, settings, mailTokens, sessions, limiter),
    google: new GoogleSignIn(db, config, sessions),
    mailSender,
    storage,
    moderator,
    places,
    photos,
    profiles: new ProfilesService(db, photos, places, likes, limiter, events),
    feed: new FeedService(db, places, photos, limiter, new FeedDecks(events, cacheable, DECK_SIZE)),
    likes,
    startJobs: () => mailSender.start(),
    async close() {
      unsubscribe();
      await mailSender.stop();
      await moderator.close();
      await events.close();
      await redis?.quit().catch(() => undefined);
    },
  };
}
