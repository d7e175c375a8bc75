import type { Agent } from 'node:https';
import webpush from 'web-push';
import type { Db } from '../../db/client.js';
import { PeriodicJob } from '../../platform/jobs/periodic-job.js';
import { retryDelaySeconds, type SenderLog } from '../../platform/mail/outbox-sender.js';
import { markOutboxFailed } from '../../platform/outbox-retry.repo.js';
import { outboundUrlRefusal, type OutboundPolicy } from '../../platform/public-address.js';
import type { Resolve } from '../../platform/public-lookup.js';
import { DEFAULT_PUSH_TIMEOUTS, postPush, pushAgent, type PushTimeouts } from './push-request.js';
import { claimDuePush, deleteSubscriptionById, markPushSent, prunePushOutbox, type DuePush } from './push.repo.js';
import type { VapidDetails, VapidKeys } from './vapid.js';

/** A push service answers these for a subscription that no longer exists (RFC 8030 §7.3). */
const GONE = new Set([404, 410]);
/** How long the push service keeps a push for an offline device. */
const TTL_SECONDS = 24 * 3600;
/** Pushes in flight per process; retries may take half of them, so fresh pushes always find a slot. */
const CONCURRENCY = 16;

/** What PushSender is built from (named, so no call site depends on an argument order). */
export interface PushSenderDeps {
  db: Db;
  vapid: VapidKeys;
  log: SenderLog;
  /** Which endpoints may be reached (config: PUSH_ALLOW_PRIVATE_ENDPOINTS, tests only). */
  endpoints: OutboundPolicy;
  /** A certificate to trust besides the system's (tests: their local push service's). */
  ca?: string | undefined;
  /** How host names resolve (tests answer for themselves; default: the system resolver). */
  resolve?: Resolve;
  timeouts?: PushTimeouts;
  concurrency?: number;
  leaseSeconds?: number;
  intervalMs?: number;
}

/**
 * Drains push_outbox like the mail outbox (claim under a lease, backoff on failure), with up to
 * `concurrency` pushes in flight and short timeouts: a device that never answers costs one slot
 * for a few seconds, never everybody's pushes (each device's pushes go one at a time, in order).
 */
export class PushSender {
  private readonly job: PeriodicJob;
  private readonly db: Db;
  private readonly vapid: VapidKeys;
  private readonly log: SenderLog;
  private readonly endpoints: OutboundPolicy;
  private readonly agent: Agent;
  private readonly timeouts: PushTimeouts;
  private readonly concurrency: number;
  private readonly leaseSeconds: number;
  private readonly workers = new Set<Promise<void>>();
  private retrying = 0;
  private sent = 0;
  private started = false;

  constructor(deps: PushSenderDeps) {
    this.db = deps.db;
    this.vapid = deps.vapid;
    this.log = deps.log;
    this.endpoints = deps.endpoints;
    this.agent = pushAgent(deps.endpoints, { ca: deps.ca, resolve: deps.resolve });
    this.timeouts = deps.timeouts ?? DEFAULT_PUSH_TIMEOUTS;
    this.concurrency = deps.concurrency ?? CONCURRENCY;
    this.leaseSeconds = deps.leaseSeconds ?? 60;
    this.job = new PeriodicJob(async () => void (await this.drain()), deps.intervalMs ?? 5000, (err) => this.log.error({ err }, 'push outbox run failed'));
  }

  start(): void {
    this.started = true;
    this.job.start();
  }

  /** A push was written: free slots start on it now, not after the pushes already in flight. */
  kick(): void {
    if (!this.started) return;
    this.fill();
    this.job.kick();
  }

  async stop(): Promise<void> {
    this.started = false;
    await this.job.stop();
    await Promise.all([...this.workers]);
    this.agent.destroy();
  }

  prune(): Promise<number> {
    return prunePushOutbox(this.db);
  }

  /** Sends everything due and waits until this process is idle; answers how many pushes it delivered meanwhile. Public for tests. */
  async drain(): Promise<number> {
    const before = this.sent;
    this.fill();
    while (this.workers.size > 0) await Promise.all([...this.workers]);
    return this.sent - before;
  }

  /** Starts workers up to the bound; each claims and sends until nothing is due for it. */
  private fill(): void {
    while (this.workers.size < this.concurrency) {
      const worker: Promise<void> = this.work()
        .catch((err: unknown) => this.log.error({ err }, 'push outbox run failed'))
        .finally(() => this.workers.delete(worker));
      this.workers.add(worker);
    }
  }

  private async work(): Promise<void> {
    const vapidDetails = await this.vapid.get();
    for (;;) {
      const push = await this.claim();
      if (!push) return;
      try {
        await this.deliver(push, vapidDetails);
      } finally {
        if (push.attempts > 1) this.retrying--;
      }
    }
  }

  /** The next due push. A retry slot is reserved before the claim (retries never hold more than half the workers) and kept only by a retry. */
  private async claim(): Promise<DuePush | undefined> {
    const reserved = this.retrying < this.concurrency / 2;
    if (reserved) this.retrying++;
    let push: DuePush | undefined;
    try {
      [push] = await claimDuePush(this.db, this.leaseSeconds, reserved);
    } finally {
      if (reserved && !(push && push.attempts > 1)) this.retrying--;
    }
    return push;
  }

  private async deliver(push: DuePush, vapidDetails: VapidDetails): Promise<void> {
    const refused = outboundUrlRefusal(push.endpoint, this.endpoints);
    if (refused) {
      // Stored before the check or under another setting: it can never be sent, so it goes like a 410.
      this.log.warn({ pushId: push.id, reason: refused }, 'push endpoint refused');
      await deleteSubscriptionById(this.db, push.subscription_id);
      return;
    }
    let status: number | undefined;
    try {
      const subscription = { endpoint: push.endpoint, keys: { p256dh: push.p256dh, auth: push.auth } };
      const details = webpush.generateRequestDetails(subscription, push.payload, { vapidDetails, TTL: TTL_SECONDS, urgency: 'normal' });
      status = await postPush(details, this.agent, this.timeouts);
    } catch (err) {
      await this.failed(push, (err as Error).message);
      return;
    }
    if (status >= 200 && status < 300) {
      await markPushSent(this.db, push.id);
      this.sent++;
    } else if (GONE.has(status)) await deleteSubscriptionById(this.db, push.subscription_id);
    else await this.failed(push, `push service answered ${status}`, status);
  }

  private async failed(push: DuePush, error: string, status?: number): Promise<void> {
    this.log.warn({ pushId: push.id, attempts: push.attempts, status, err: error }, 'push delivery failed');
    await markOutboxFailed(this.db, 'push_outbox', push.id, error, retryDelaySeconds(push.attempts));
  }
}
