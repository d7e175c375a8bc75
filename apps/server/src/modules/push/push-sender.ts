import webpush from 'web-push';
import type { Db } from '../../db/client.js';
import type { Metrics } from '../../platform/metrics/metrics.js';
import { type Outcome, OutboxWorker, type SenderLog } from '../../platform/outbox/outbox-worker.js';
import { pruneOutbox } from '../../platform/outbox/outbox.repo.js';
import { outboundUrlRefusal, type OutboundPolicy } from '../../platform/outbound/public-address.js';
import type { Resolve } from '../../platform/outbound/public-lookup.js';
import { DEFAULT_PUSH_TIMEOUTS, postPush, pushAgent, type PushTimeouts } from './push-request.js';
import { claimDuePush, deleteSubscriptionById, type DuePush } from './push.repo.js';
import { PUSH_RETENTION } from './retention.js';
import type { VapidKeys } from './vapid.js';

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
  metrics: Pick<Metrics, 'outboxDelivered' | 'outboxFailures' | 'outboxDeadLetters'>;
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
 * Drains push_outbox through the one outbox worker with up to `concurrency` pushes in flight and
 * short timeouts: a device that never answers costs one slot for a few seconds, never everybody's
 * pushes (each device's pushes go one at a time, in order: claimDuePush).
 */
export class PushSender {
  private readonly worker: OutboxWorker<DuePush>;
  private readonly db: Db;

  constructor(deps: PushSenderDeps) {
    const { db, vapid, log, endpoints } = deps;
    this.db = db;
    const agent = pushAgent(endpoints, { ca: deps.ca, resolve: deps.resolve });
    const timeouts = deps.timeouts ?? DEFAULT_PUSH_TIMEOUTS;
    const deliver = async (push: DuePush): Promise<Outcome> => {
      const refused = outboundUrlRefusal(push.endpoint, endpoints);
      if (refused) {
        // Stored before the check or under another setting: it can never be sent, so it goes like a 410.
        log.warn({ pushId: push.id, reason: refused }, 'push endpoint refused');
        await deleteSubscriptionById(db, push.subscription_id);
        return 'settled';
      }
      const subscription = { endpoint: push.endpoint, keys: { p256dh: push.p256dh, auth: push.auth } };
      const details = webpush.generateRequestDetails(subscription, push.payload, { vapidDetails: await vapid.get(), TTL: TTL_SECONDS, urgency: 'normal' });
      const status = await postPush(details, agent, timeouts);
      if (status >= 200 && status < 300) return 'sent';
      if (!GONE.has(status)) return { failed: `push service answered ${status}`, status };
      await deleteSubscriptionById(db, push.subscription_id);
      return 'settled';
    };
    this.worker = new OutboxWorker({
      db,
      log,
      metrics: deps.metrics,
      concurrency: deps.concurrency ?? CONCURRENCY,
      leaseSeconds: deps.leaseSeconds,
      intervalMs: deps.intervalMs,
      spec: { name: 'push', table: 'push_outbox', claim: claimDuePush, deliver, close: () => agent.destroy() },
    });
  }

  start(): void {
    this.worker.start();
  }

  /** A push was written: free slots start on it now, not after the pushes already in flight. */
  kick(): void {
    this.worker.kick();
  }

  stop(): Promise<void> {
    return this.worker.stop();
  }

  /** Retention (stated on the Datenschutz page): delivered pushes go after a day, given-up ones after 7. */
  prune(): Promise<number> {
    return pruneOutbox(this.db, 'push_outbox', PUSH_RETENTION);
  }

  /** Sends everything due and waits until this process is idle; answers how many pushes it delivered meanwhile. Public for tests. */
  drain(): Promise<number> {
    return this.worker.drain();
  }
}
