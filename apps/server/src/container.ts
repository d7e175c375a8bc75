import { Redis } from 'ioredis';
import type { Config } from './config.js';
import type { Db } from './db/client.js';
import { AccountsService } from './modules/accounts/accounts.service.js';
import { GoogleSignIn } from './modules/accounts/google/google.service.js';
import { MailTokenService } from './modules/accounts/mail-tokens.service.js';
import { PasswordResetService } from './modules/accounts/password-reset.service.js';
import { SessionService } from './modules/accounts/sessions.service.js';
import { VerificationService } from './modules/accounts/verification.service.js';
import { SettingsService } from './modules/settings/settings.service.js';
import { EventBus } from './platform/events.js';
import { OutboxSender, type SenderLog } from './platform/mail/outbox-sender.js';
import { createDevMailboxTransport, createSmtpTransport } from './platform/mail/transport.js';
import { createMemoryRateLimiter, createRedisRateLimiter, type RateLimiter } from './platform/rate-limit.js';

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
  /** Starts background jobs (mail outbox). */
  startJobs(): void;
  /** Stops jobs and closes Redis; the database is closed by its owner. */
  close(): Promise<void>;
}

export function createRedis(url: string): Redis {
  return new Redis(url, { maxRetriesPerRequest: 2, enableOfflineQueue: true, lazyConnect: false });
}

export function createContainer(config: Config, db: Db, log: SenderLog): Container {
  const redis = config.redisUrl ? createRedis(config.redisUrl) : undefined;
  const events = new EventBus();
  const limiter = redis ? createRedisRateLimiter(redis, `${config.redisPrefix}rl:`) : createMemoryRateLimiter();
  const settings = new SettingsService(db);
  const sessions = new SessionService(db, events, config);
  const mailTokens = new MailTokenService(config, events);
  const transport = config.smtpUrl ? createSmtpTransport(config.smtpUrl, config.mailFrom) : createDevMailboxTransport();
  const mailSender = new OutboxSender(db, transport, log);
  const unsubscribe = events.on('mail.enqueued', () => mailSender.kick());
  return {
    config,
    db,
    redis,
    events,
    limiter,
    settings,
    sessions,
    accounts: new AccountsService(db, config, settings, sessions, mailTokens, limiter),
    verification: new VerificationService(db, settings, mailTokens, limiter),
    passwordReset: new PasswordResetService(db, settings, mailTokens, sessions, limiter),
    google: new GoogleSignIn(db, config, sessions),
    mailSender,
    startJobs: () => mailSender.start(),
    async close() {
      unsubscribe();
      await mailSender.stop();
      await redis?.quit().catch(() => undefined);
    },
  };
}
