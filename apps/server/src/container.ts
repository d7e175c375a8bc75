import type { Redis } from 'ioredis';
import type { Config } from './config.js';
import type { Db } from './db/client.js';
import {
  type AuthService,
  createAuthModule,
  type GoogleSignIn,
  type LoginCodeService,
  type MailRequestQueue,
  type PasswordResetService,
  type SessionService,
  type VerificationService,
} from './modules/auth/index.js';
import { type AccountService, createAccountModule } from './modules/account/index.js';
import { type AdminService, createAdminModule, type ObjectionsService, recordAudit } from './modules/admin/index.js';
import { type CompanionModel, type CompanionService, createCompanionModule } from './modules/companion/index.js';
import { createDecisionsModule, type DecisionsService } from './modules/decisions/index.js';
import { createDevmailModule } from './modules/devmail/index.js';
import { createDemoModule, demoLikesBack } from './demo/index.js';
import { type BlocksService, createBlocksModule } from './modules/blocks/index.js';
import { createDateSharesModule } from './modules/date-shares/index.js';
import { createFeedModule, type FeedService } from './modules/feed/index.js';
import { createHealthModule } from './modules/health/index.js';
import {
  type ComposeService,
  createMessagesModule,
  type EscrowService,
  type MessagesService,
  type PatternFlagsService,
  type ReadStateService,
  type TeamRemoval,
} from './modules/messages/index.js';
import { createNotificationsModule, type NotificationService, type UnsubscribeService } from './modules/notifications/index.js';
import { createMetricsModule } from './modules/metrics/index.js';
import { createNsfwModerator, createPhotosModule, type Moderator, type PhotosService } from './modules/photos/index.js';
import { createPlacesModule, type PlacesService } from './modules/places/index.js';
import { createPrivacyModule, type PrivacyService } from './modules/privacy/index.js';
import { createProfilesModule, type ProfilesService } from './modules/profiles/index.js';
import { createPushModule, type PushChannel, type PushSender, type PushService } from './modules/push/index.js';
import { type BadgesService, createLeaderboardModule, type LeaderboardService } from './modules/leaderboard/index.js';
import { createLegalModule } from './modules/legal/index.js';
import { createSafetyModule, type ReportOutcomes, type ReportsService } from './modules/safety/index.js';
import { createFaceEngine, createVerificationModule, type FaceEngine, type FaceVerificationService } from './modules/verification/index.js';
import { createSettingsModule, type SettingsService } from './modules/settings/index.js';
import { createSwipesModule, type SwipesService } from './modules/swipes/index.js';
import { createWalletModule, type Ledger, type Payments, type PurchasesService, type RewardsService, type WalletService } from './modules/wallet/index.js';
import { EventBus } from './platform/events/events.js';
import type { ScheduledJob } from './platform/jobs/scheduled-job.js';
import { haltAt } from './platform/outbox/fault-point.js';
import { OutboxSender } from './platform/mail/outbox-sender.js';
import { createDevMailboxTransport, createSmtpTransport } from './platform/mail/transport.js';
import { createMetrics, type Metrics } from './platform/metrics/metrics.js';
import { type Job, type Platform, scheduler } from './platform/module.js';
import { EventOutbox } from './platform/outbox/event-outbox.js';
import type { SenderLog } from './platform/outbox/outbox-worker.js';
import { createMemoryRateLimiter, createRedisRateLimiter, type RateLimiter } from './platform/rate-limit/rate-limit.js';
import { createRedis } from './platform/redis/redis.js';
import { createSharedTtlStore } from './platform/redis/shared-ttl-store.js';
import { CursorSealer } from './platform/crypto/sealed-cursor.js';
import type { BlobStorage } from './platform/storage/blob-storage.js';
import { createStorage } from './platform/storage/create-storage.js';

/** The app's modules in the order app.ts registers their routes (routes under /api unless said otherwise). */
interface Modules {
  health: ReturnType<typeof createHealthModule>;
  metrics: ReturnType<typeof createMetricsModule>;
  auth: ReturnType<typeof createAuthModule>;
  places: ReturnType<typeof createPlacesModule>;
  profiles: ReturnType<typeof createProfilesModule>;
  photos: ReturnType<typeof createPhotosModule>;
  feed: ReturnType<typeof createFeedModule>;
  swipes: ReturnType<typeof createSwipesModule>;
  blocks: ReturnType<typeof createBlocksModule>;
  wallet: ReturnType<typeof createWalletModule>;
  messages: ReturnType<typeof createMessagesModule>;
  dateShares: ReturnType<typeof createDateSharesModule>;
  leaderboard: ReturnType<typeof createLeaderboardModule>;
  legal: ReturnType<typeof createLegalModule>;
  companion: ReturnType<typeof createCompanionModule>;
  push: ReturnType<typeof createPushModule>;
  safety: ReturnType<typeof createSafetyModule>;
  verification: ReturnType<typeof createVerificationModule>;
  privacy: ReturnType<typeof createPrivacyModule>;
  account: ReturnType<typeof createAccountModule>;
  notifications: ReturnType<typeof createNotificationsModule>;
  admin: ReturnType<typeof createAdminModule>;
  decisions: ReturnType<typeof createDecisionsModule>;
  settings: ReturnType<typeof createSettingsModule>;
  /** Only when the config enables the dev mailbox. */
  devmail: ReturnType<typeof createDevmailModule> | undefined;
  demo: ReturnType<typeof createDemoModule> | undefined;
}

/** Every long-lived service, wired once; app.ts builds HTTP on top, tests build their own. */
export interface Container {
  config: Config;
  db: Db;
  redis: Redis | undefined;
  events: EventBus;
  /** Domain events (match, message, flirt) written with their change and dispatched after the commit, crash or not. */
  eventOutbox: EventOutbox;
  limiter: RateLimiter;
  /** Operator metrics on a registry of this container's own (GET /metrics). */
  metrics: Metrics;
  /** Each module's routes, services and jobs (docs/decisions/0005-module-factories-and-the-composition-root.md). */
  modules: Modules;
  settings: SettingsService;
  sessions: SessionService;
  auth: AuthService;
  verification: VerificationService;
  passwordReset: PasswordResetService;
  /** Signed-out mail requests (verification resend, password reset), fulfilled by a worker in every process. */
  mailRequests: MailRequestQueue;
  loginCodes: LoginCodeService;
  google: GoogleSignIn;
  mailSender: OutboxSender;
  storage: BlobStorage;
  moderator: Moderator;
  /** Face detection, landmarks and descriptors (photo verification), in a worker started on first use. */
  faceEngine: FaceEngine;
  places: PlacesService;
  photos: PhotosService;
  profiles: ProfilesService;
  feed: FeedService;
  /** Seals paging tokens (feed, conversations) under the shared key. */
  cursors: CursorSealer;
  swipes: SwipesService;
  blocks: BlocksService;
  ledger: Ledger;
  payments: Payments;
  wallet: WalletService;
  rewards: RewardsService;
  purchases: PurchasesService;
  escrows: EscrowService;
  messages: MessagesService;
  readState: ReadStateService;
  compose: ComposeService;
  patternFlags: PatternFlagsService;
  badges: BadgesService;
  leaderboard: LeaderboardService;
  companion: CompanionService;
  admin: AdminService;
  /** The admin queue of objections to statements of reasons (DSA Art. 20). */
  objections: ObjectionsService;
  /** Statements of reasons (DSA Art. 17): recorded with every restriction, shown and objected to by the member. */
  decisions: DecisionsService;
  teamRemoval: TeamRemoval;
  reports: ReportsService;
  reportOutcomes: ReportOutcomes;
  /** Photo verification (selfie against the member's photos); `verification` is auth's e-mail confirmation. */
  faceVerification: FaceVerificationService;
  privacy: PrivacyService;
  account: AccountService;
  /** Tells offline members of a new match, message or flirt through every registered channel. */
  notifications: NotificationService;
  /** One-click unsubscribe from notification mails (RFC 8058). */
  unsubscribes: UnsubscribeService;
  /** Web Push: devices opt in (push), notifications queue per device (pushChannel), pushSender drains them. */
  push: PushService;
  pushChannel: PushChannel;
  pushSender: PushSender;
  /** Deletes expired and prunes used mail tokens and old outbox mails, daily (once across the cluster). */
  tokenCleanupJob: ScheduledJob;
  /** Process state the health checks report: draining from the first shutdown signal on. */
  lifecycle: { draining: boolean };
  /** Starts the mail outbox sender, every module's jobs and the event outbox's dispatcher. */
  startJobs(): void;
  /** Stops jobs and closes Redis; the database is closed by its owner. */
  close(): Promise<void>;
}

/** Parts a test may swap for a purpose-built one (e.g. a moderator that fails). */
export interface ContainerOverrides {
  moderator?: Moderator;
  /** A payment provider other than the one the config names (tests: Stripe against a local API). */
  payments?: Payments;
  /** Another companion model (tests). */
  companionModel?: CompanionModel;
  /** Another rate limiter (the fuzz test: limits must not stop it from reaching the code behind them). */
  limiter?: RateLimiter;
  /** A certificate the push sender trusts besides the system's (tests: their local push service's). */
  pushCa?: string;
  /** Whether feed decks serve pages (the feed bench switches them off to time the ranking); default: when caches are exact. */
  feedDecksEnabled?: () => boolean;
  /** Whether the feed ranks in memory where it can (the feed bench switches it off to time the database); default: on the embedded database. */
  feedIndexEnabled?: () => boolean;
  /** Another face engine (one test only: a live head turn cannot be recorded offline, see test/scripted-face-engine.ts). */
  faceEngine?: FaceEngine;
}

/** Platform pieces first, then the modules in dependency order (each takes what it needs by name). */
export function createContainer(config: Config, db: Db, log: SenderLog, overrides: ContainerOverrides = {}): Container {
  const redis = config.redisUrl ? createRedis(config.redisUrl, log) : undefined;
  const events = new EventBus((err) => log.error({ err }, 'cluster event not published'));
  if (redis) events.connect(redis, config.redisPrefix);
  const limiter = overrides.limiter ?? (redis ? createRedisRateLimiter(redis, `${config.redisPrefix}rl:`) : createMemoryRateLimiter());
  const metrics = createMetrics(db);
  const eventOutbox = new EventOutbox({
    db,
    log,
    metrics,
    leaseSeconds: config.mailLeaseSeconds,
    beforeDispatch: config.faultPoint === 'event-dispatch' ? haltAt(config.faultPoint, log) : undefined,
  });
  const platform: Platform = {
    config,
    db,
    events,
    eventOutbox,
    limiter,
    metrics,
    log,
    schedule: scheduler(db, config.jobPollMs, log),
    // In-memory caches are exact only if every process that changes data can tell this one: the
    // embedded database allows one process; with PostgreSQL that takes the Redis event channel.
    cacheable: () => !config.databaseUrl || events.clustered,
  };
  const transport = config.smtpUrl ? createSmtpTransport(config.smtpUrl, config.mailFrom, config.mailLeaseSeconds) : createDevMailboxTransport();
  const mailSender = new OutboxSender({ db, transport, log, metrics, leaseSeconds: config.mailLeaseSeconds });
  const unsubscribe = events.on('mail.enqueued', () => mailSender.kick());
  const storage = createStorage(config);
  const moderator = overrides.moderator ?? createNsfwModerator();
  const faceEngine = overrides.faceEngine ?? createFaceEngine();
  const cursors = new CursorSealer(db);
  const lifecycle = { draining: false };

  const settingsModule = createSettingsModule(platform);
  const { settings } = settingsModule.services;
  const notifications = createNotificationsModule({ ...platform, settings });
  const places = createPlacesModule(platform);
  // Statements of reasons go into the admin module's audit log (admin uses decisions, so it is a port).
  const decisionsModule = createDecisionsModule({ ...platform, audit: recordAudit });
  const { decisions } = decisionsModule.services;
  const photos = createPhotosModule({ ...platform, storage, moderator, faces: faceEngine, settings, decisions });
  const leaderboard = createLeaderboardModule({ ...platform, photos: photos.services.photos });
  const wallet = createWalletModule({
    ...platform,
    settings,
    voteReceived: (q, memberId, day) => leaderboard.services.leaderboard.voteReceivedOn(q, memberId, day),
    photoApproved: (q, memberId) => photos.services.photos.hasApprovedPhoto(q, memberId),
    payments: overrides.payments,
  });
  const { ledger } = wallet.services;
  // A first confirmed address brings the welcome credits, in the confirming transaction.
  const auth = createAuthModule({ ...platform, settings, confirmed: (tx, memberId) => wallet.services.rewards.welcome(tx, memberId) });
  const { sessions } = auth.services;
  const feed = createFeedModule({ ...platform, redis, ...photos.services, cursors, decksEnabled: overrides.feedDecksEnabled, indexEnabled: overrides.feedIndexEnabled });
  // Demo members answer likes through this hook, so no demo code sits on the production path
  // (docs/decisions/0004-modules-with-one-face-and-a-declared-graph.md).
  // An undo puts back the feed's own card (one presenter of cards: the feed's).
  const cardOf = (viewerId: string, premium: boolean, memberId: string) => feed.services.feed.card(viewerId, premium, memberId);
  const swipesModule = createSwipesModule({ ...platform, ...photos.services, cardOf, demoLikesBack });
  const { swipes } = swipesModule.services;
  const blocks = createBlocksModule({ ...platform, endMatch: (tx, a, b) => swipes.endMatch(tx, a, b) });
  const messages = createMessagesModule({ ...platform, ledger, rewards: wallet.services.rewards, settings, photos: photos.services.photos, cursors, ...blocks.services });
  const push = createPushModule({ ...platform, notifications: notifications.services.notifications, ca: overrides.pushCa });
  const safety = createSafetyModule({ ...platform, ...blocks.services });
  const verification = createVerificationModule({ ...platform, ...photos.services, storage, settings, faceEngine, decisions, shared: createSharedTtlStore(redis, `${config.redisPrefix}ttl:`) });
  const admin = createAdminModule({
    ...platform,
    settings,
    sessions,
    photos: photos.services.photos,
    leaderboard: leaderboard.services.leaderboard,
    decisions,
    teamRemoval: messages.services.teamRemoval,
    faceVerification: verification.services.faceVerification,
    reportOutcomes: safety.services.reportOutcomes,
    outboxes: [mailSender, push.services.pushSender, eventOutbox],
  });
  const modules: Modules = {
    health: createHealthModule({ db, redis, lifecycle }),
    metrics: createMetricsModule(platform),
    auth,
    places,
    profiles: createProfilesModule({ ...platform, ...photos.services, ...blocks.services, ...leaderboard.services, ...verification.services, places: places.services.places }),
    photos,
    feed,
    swipes: swipesModule,
    blocks,
    wallet,
    messages,
    dateShares: createDateSharesModule({ ...platform, ...blocks.services, photos: photos.services.photos }),
    leaderboard,
    legal: createLegalModule(platform),
    companion: createCompanionModule({ ...platform, ledger, settings, model: overrides.companionModel }),
    push,
    safety,
    verification,
    privacy: createPrivacyModule({ ...platform, storage, photos: photos.services.photos, sessions, leaderboard: leaderboard.services.leaderboard }),
    account: createAccountModule({ ...platform, sessions }),
    notifications,
    admin,
    decisions: decisionsModule,
    settings: settingsModule,
    devmail: config.devMailbox ? createDevmailModule({ db, config, mailSender }) : undefined,
    demo: config.demoData ? createDemoModule(platform) : undefined,
  };
  // The event outbox last: stopped first, its dispatches finish before the senders they feed stop.
  const jobs: Job[] = [mailSender, ...Object.values(modules).flatMap((m) => m?.jobs ?? []), eventOutbox];
  return {
    config,
    db,
    redis,
    events,
    eventOutbox,
    limiter,
    metrics,
    modules,
    ...settingsModule.services,
    ...auth.services,
    mailSender,
    storage,
    moderator,
    faceEngine,
    ...places.services,
    ...photos.services,
    ...modules.profiles.services,
    cursors,
    ...feed.services,
    ...swipesModule.services,
    ...blocks.services,
    ...wallet.services,
    ...messages.services,
    ...leaderboard.services,
    ...modules.companion.services,
    ...admin.services,
    ...decisionsModule.services,
    ...modules.safety.services,
    ...modules.verification.services,
    ...notifications.services,
    ...modules.privacy.services,
    ...modules.account.services,
    ...push.services,
    lifecycle,
    startJobs: () => {
      for (const job of jobs) job.start();
    },
    async close() {
      unsubscribe();
      // Modules' jobs first (newest first: the notification workers before the senders they feed), then the outbox.
      for (const job of [...jobs].reverse()) await job.stop();
      await moderator.close();
      await faceEngine.close();
      await events.close();
      await redis?.quit().catch(() => undefined);
    },
  };
}
