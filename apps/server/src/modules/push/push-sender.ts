import type { Agent } from 'node:https';
import webpush, { WebPushError } from 'web-push';
import type { Db } from '../../db/client.js';
import { PeriodicJob } from '../../platform/jobs/periodic-job.js';
import { retryDelaySeconds, type SenderLog } from '../../platform/mail/outbox-sender.js';
import { markOutboxFailed } from '../../platform/outbox-retry.repo.js';
import { claimDuePush, deleteSubscriptionById, markPushSent, prunePushOutbox, type DuePush } from './push.repo.js';
import type { VapidKeys } from './vapid.js';

/** A push service answers these for a subscription that no longer exists (RFC 8030 §7.3). */
const GONE = new Set([404, 410]);
/** How long the push service keeps a push for an offline device. */
const TTL_SECONDS = 24 * 3600;

/** What PushSender is built from (named, so no call site depends on an argument order). */
export interface PushSenderDeps {
  db: Db;
  vapid: VapidKeys;
  log: SenderLog;
  /** TLS settings for reaching push services (tests: trust the local one's certificate). */
  agent: Agent | undefined;
  leaseSeconds?: number;
  intervalMs?: number;
}

/** Drains push_outbox like the mail outbox: one claimed push at a time, backoff on failure. */
export class PushSender {
  private readonly job: PeriodicJob;

  private readonly db: Db;
  private readonly vapid: VapidKeys;
  private readonly log: SenderLog;
  private readonly agent: Agent | undefined;
  private readonly leaseSeconds: number;

  constructor(deps: PushSenderDeps) {
    this.db = deps.db;
    this.vapid = deps.vapid;
    this.log = deps.log;
    this.agent = deps.agent;
    this.leaseSeconds = deps.leaseSeconds ?? 60;
    const intervalMs = deps.intervalMs ?? 5000;
    this.job = new PeriodicJob(async () => void (await this.drain()), intervalMs, (err) => this.log.error({ err }, 'push outbox run failed'));
  }

  start(): void {
    this.job.start();
  }

  kick(): void {
    this.job.kick();
  }

  stop(): Promise<void> {
    return this.job.stop();
  }

  prune(): Promise<number> {
    return prunePushOutbox(this.db);
  }

  /** Sends everything due; returns how many the push service accepted. Public for tests. */
  async drain(): Promise<number> {
    const vapidDetails = await this.vapid.get();
    let sent = 0;
    for (;;) {
      const [push] = await claimDuePush(this.db, this.leaseSeconds);
      if (!push) return sent;
      if (await this.deliver(push, vapidDetails)) sent++;
    }
  }

  private async deliver(push: DuePush, vapidDetails: webpush.VapidKeys & { subject: string }): Promise<boolean> {
    const subscription = { endpoint: push.endpoint, keys: { p256dh: push.p256dh, auth: push.auth } };
    try {
      await webpush.sendNotification(subscription, push.payload, {
        vapidDetails,
        TTL: TTL_SECONDS,
        urgency: 'normal',
        timeout: (this.leaseSeconds * 1000) / 2,
        ...(this.agent ? { agent: this.agent } : {}),
      });
    } catch (err) {
      const status = err instanceof WebPushError ? err.statusCode : undefined;
      if (status !== undefined && GONE.has(status)) {
        await deleteSubscriptionById(this.db, push.subscription_id);
        return false;
      }
      const retry = retryDelaySeconds(push.attempts);
      this.log.warn({ pushId: push.id, attempts: push.attempts, status, err: (err as Error).message }, 'push delivery failed');
      await markOutboxFailed(this.db, 'push_outbox', push.id, (err as Error).message, retry);
      return false;
    }
    await markPushSent(this.db, push.id);
    return true;
  }
}
