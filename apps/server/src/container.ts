import type { Agent as HttpsAgent } from 'node:https';
import type { Redis } from 'ioredis';
import type { Config } from './config.js';
import type { Db } from './db/client.js';
import { AccountsService, GoogleSignIn, LoginCodeService, MailRequestQueue, MailTokenService, PasswordResetService, SessionService, VerificationService } from './modules/accounts/index.js';
import { DECK_SIZE, FeedDecks, FeedService, FlirtImages, LikesService } from './modules/discovery/index.js';
import { createNsfwModerator, type Moderator, PhotosService, PhotoUrlSigner } from './modules/photos/index.js';
import { CursorSealer } from './platform/sealed-cursor.js';
import { PlacesService } from './modules/places/index.js';
import { ProfilesService } from './modules/profiles/index.js';
import { PushChannel, PushSender, PushService, VapidKeys } from './modules/push/index.js';
import { AdminService } from './modules/admin/index.js';
import { type CompanionModel, CompanionService, createEmbeddedModel, createOpenAiModel } from './modules/companion/index.js';
import { ComposeService, EscrowService, MessagesService, ReadStateService } from './modules/messaging/index.js';
import { EmailChannel, NotificationService, UnsubscribeService, UnsubscribeTokens } from './modules/notifications/index.js';
import { BadgesService, RankingsService, voteReceivedOn } from './modules/rankings/index.js';
import { PrivacyService } from './modules/privacy/index.js';
import { ReportsService } from './modules/safety/index.js';
import { SettingsService } from './modules/settings/index.js';
import { createStripeProvider, Ledger, type Payments, PurchasesService, RewardsService, WalletService } from './modules/wallet/index.js';
import { EventBus } from './platform/events.js';
import { createMetrics, type Metrics } from './platform/metrics/metrics.js';
import { ScheduledJob } from './platform/jobs/scheduled-job.js';
import { PriorityGate } from './platform/priority-gate.js';
import { OutboxSender, type SenderLog } from './platform/mail/outbox-sender.js';
import { createDevMailboxTransport, createSmtpTransport } from './platform/mail/transport.js';
import { createMemoryRateLimiter, createRedisRateLimiter, type RateLimiter } from './platform/rate-limit.js';
import { createRedis } from './platform/redis.js';
import type { BlobStorage } from './platform/storage/blob-storage.js';
import { createStorage } from './platform/storage/create-storage.js';

/** Every long-lived service, wired once; app.ts builds HTTP on top, tests build their own. */
export interface Container {
  config: Config;
  db: Db;
  redis: Redis | undefined;
  events: EventBus;
  limiter: RateLimiter;
  /** Operator metrics on a registry of this container's own (GET /metrics). */
  metrics: Metrics;
  settings: SettingsService;
  sessions: SessionService;
  accounts: AccountsService;
  verification: VerificationService;
  passwordReset: PasswordResetService;
  /** Signed-out mail requests (verification resend, password reset), fulfilled by a worker in every process. */
  mailRequests: MailRequestQueue;
  loginCodes: LoginCodeService;
  google: GoogleSignIn;
  mailSender: OutboxSender;
  storage: BlobStorage;
  moderator: Moderator;
  places: PlacesService;
  photos: PhotosService;
  profiles: ProfilesService;
  feed: FeedService;
  /** Seals paging tokens (feed, conversations) under the shared key. */
  cursors: CursorSealer;
  likes: LikesService;
  ledger: Ledger;
  payments: Payments;
  wallet: WalletService;
  rewards: RewardsService;
  purchases: PurchasesService;
  escrows: EscrowService;
  messages: MessagesService;
  readState: ReadStateService;
  compose: ComposeService;
  /** Refunds expired prepaid replies and prunes old idempotency keys, every minute (once across the cluster). */
  escrowJob: ScheduledJob;
  badges: BadgesService;
  rankings: RankingsService;
  /** Freezes finished months' Top10, every 10 minutes (once across the cluster). */
  freezeJob: ScheduledJob;
  companion: CompanionService;
  admin: AdminService;
  reports: ReportsService;
  privacy: PrivacyService;
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
  /** Starts background jobs (mail outbox, escrow expiry). */
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
  /** TLS settings for reaching push services (tests trust their local push service). */
  pushAgent?: HttpsAgent;
}

function companionModelFrom(config: Config): CompanionModel {
  const m = config.companion.model;
  return m ? createOpenAiModel({ ...m, retries: 2 }) : createEmbeddedModel();
}

function paymentsFrom(config: Config): Payments {
  if (config.stripe) return { mode: 'stripe', provider: createStripeProvider(config.stripe) };
  return config.testPayments ? { mode: 'test' } : { mode: 'none' };
}

export function createContainer(config: Config, db: Db, log: SenderLog, overrides: ContainerOverrides = {}): Container {
  const redis = config.redisUrl ? createRedis(config.redisUrl) : undefined;
  const events = new EventBus((err) => log.error({ err }, 'cluster event not published'));
  if (redis) events.connect(redis, config.redisPrefix);
  // In-memory caches are exact only if every process that changes data can tell this one: the
  // embedded database allows one process; with PostgreSQL that takes the Redis event channel.
  const cacheable = () => !config.databaseUrl || events.clustered;
  const limiter = overrides.limiter ?? (redis ? createRedisRateLimiter(redis, `${config.redisPrefix}rl:`) : createMemoryRateLimiter());
  const metrics = createMetrics(db);
  const settings = new SettingsService(db);
  const sessions = new SessionService(db, events, config, cacheable);
  const mailTokens = new MailTokenService(config, events);
  const transport = config.smtpUrl ? createSmtpTransport(config.smtpUrl, config.mailFrom, config.mailLeaseSeconds) : createDevMailboxTransport();
  const mailSender = new OutboxSender(db, transport, log, metrics, config.mailLeaseSeconds);
  const unsubscribe = events.on('mail.enqueued', () => mailSender.kick());
  const unsubscribeTokens = new UnsubscribeTokens(db);
  const notifications = new NotificationService(db, events, log);
  notifications.register(new EmailChannel(settings, unsubscribeTokens, events, config.publicUrl));
  const mailRequests: MailRequestQueue = new MailRequestQueue(
    db,
    settings,
    mailTokens,
    {
      verify: (tx, email, cap) => verification.sendRequested(tx, email, cap),
      reset: (tx, email, cap) => passwordReset.sendRequested(tx, email, cap),
    },
    log,
  );
  const verification = new VerificationService(db, settings, mailTokens, sessions, limiter, mailRequests);
  const passwordReset = new PasswordResetService(db, mailTokens, sessions, limiter, mailRequests);
  const storage = createStorage(config);
  const moderator = overrides.moderator ?? createNsfwModerator();
  const places = new PlacesService(db);
  const photoUrls = new PhotoUrlSigner(db);
  const photos = new PhotosService(db, storage, photoUrls, moderator, settings, limiter, log, events, metrics);
  const likes = new LikesService(db, photos, new FlirtImages(db, photoUrls), places, events, limiter);
  const ledger = new Ledger();
  const payments = overrides.payments ?? paymentsFrom(config);
  const escrows = new EscrowService(db, ledger);
  const badges = new BadgesService(db);
  const rankings = new RankingsService(db, photos, events, limiter);
  const loginCodes = new LoginCodeService(db, sessions);
  const cursors = new CursorSealer(db);
  const readState = new ReadStateService(db, events, limiter);
  const vapid = new VapidKeys(db, config.vapid);
  const pushSender = new PushSender(db, vapid, log, overrides.pushAgent, config.mailLeaseSeconds);
  const pushChannel = new PushChannel(() => pushSender.kick());
  notifications.register(pushChannel);
  const admin = new AdminService(db, settings, sessions, photos, rankings, events, metrics);
  const schedule = (name: string, intervalMs: number, task: () => Promise<void>) =>
    new ScheduledJob(db, task, { name, intervalMs, pollMs: config.jobPollMs, onError: (err) => log.error({ err, job: name }, 'job failed') });
  const tokenCleanupJob = schedule('token-cleanup', 86_400_000, async () => {
    await admin.cleanupTokens(undefined);
    await mailSender.prune();
    await pushSender.prune();
  });
  const freezeJob = schedule('leaderboard-freeze', 600_000, async () => void (await rankings.freezeFinishedMonths()));
  const escrowJob = schedule('escrow-expiry', 60_000, async () => {
    await escrows.refundExpired();
    await escrows.pruneIdempotencyKeys();
  });
  return {
    config,
    db,
    redis,
    events,
    limiter,
    metrics,
    settings,
    sessions,
    accounts: new AccountsService(db, config, settings, sessions, mailTokens, limiter),
    verification,
    passwordReset,
    mailRequests,
    loginCodes,
    google: new GoogleSignIn(db, config, sessions, loginCodes),
    mailSender,
    storage,
    moderator,
    places,
    photos,
    profiles: new ProfilesService(db, photos, places, likes, limiter, events, badges),
    cursors,
    feed: new FeedService(db, places, photos, badges, limiter, new FeedDecks(events, cacheable, DECK_SIZE), cursors),
    likes,
    ledger,
    payments,
    wallet: new WalletService(db, ledger, settings, events, payments.mode),
    rewards: new RewardsService(db, ledger, settings, voteReceivedOn),
    purchases: new PurchasesService(db, ledger, payments, config.publicUrl, log),
    escrows,
    messages: new MessagesService(db, ledger, escrows, settings, photos, events, limiter, cursors, readState),
    readState,
    compose: new ComposeService(db, ledger, settings),
    escrowJob,
    badges,
    rankings,
    freezeJob,
    companion: new CompanionService(
      db,
      overrides.companionModel ?? companionModelFrom(config),
      new PriorityGate(config.companion.concurrency),
      ledger,
      settings,
      limiter,
    ),
    admin,
    reports: new ReportsService(db, likes, limiter),
    notifications,
    unsubscribes: new UnsubscribeService(db, unsubscribeTokens, events),
    privacy: new PrivacyService(db, storage, photos, sessions, rankings, events, limiter),
    push: new PushService(db, vapid, limiter),
    pushChannel,
    pushSender,
    tokenCleanupJob,
    lifecycle: { draining: false },
    startJobs: () => {
      mailSender.start();
      pushSender.start();
      mailRequests.start();
      escrowJob.start();
      freezeJob.start();
      tokenCleanupJob.start();
    },
    async close() {
      unsubscribe();
      await notifications.close();
      await mailRequests.stop();
      await mailSender.stop();
      await pushSender.stop();
      await escrowJob.stop();
      await freezeJob.stop();
      await tokenCleanupJob.stop();
      await moderator.close();
      await events.close();
      await redis?.quit().catch(() => undefined);
    },
  };
}
