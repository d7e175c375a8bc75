import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { Queryable } from '../../db/client.js';
import { registerQueueGauges } from './queue-gauges.js';

/** 1 ms .. 5 s: an API answer is expected in milliseconds, a photo upload in about a second. */
const HTTP_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5];

/** Operator metrics of one container, on a registry of its own (several apps in one process stay apart). */
export interface Metrics {
  readonly registry: Registry;
  readonly httpDuration: Histogram<'method' | 'route' | 'status_code'>;
  readonly socketsOpen: Gauge;
  readonly socketConnections: Counter;
  readonly mailsSent: Counter<'transport'>;
  readonly mailFailures: Counter<'transport'>;
  /** Rows every outbox (mail, push, events) delivered, failed to deliver (retried later or given up), and gave up (dead letters). */
  readonly outboxDelivered: Counter<'outbox'>;
  readonly outboxFailures: Counter<'outbox'>;
  readonly outboxDeadLetters: Counter<'outbox'>;
  readonly moderationOutcomes: Counter<'outcome'>;
  readonly adminPhotoDecisions: Counter<'action'>;
  /** Feed decks read from the database: when a socket connects (prepare), for a request, or as a refill while swiping. */
  readonly feedDeckReads: Counter<'reason'>;
  /** Feed pages answered from a deck in memory or read from the database. */
  readonly feedPages: Counter<'source'>;
  /** Feed rankings (a page or a deck read), by source: memory (the feed index) or database. */
  readonly feedRankings: Counter<'source'>;
  /** The online-member gauge reads `read` at scrape time until the returned function is called. */
  readOnlineFrom(read: () => number): () => void;
}

export function createMetrics(db: Queryable): Metrics {
  const registry = new Registry();
  // Node's process_* and nodejs_* metrics keep their conventional names (stock dashboards use them).
  collectDefaultMetrics({ register: registry });
  const registers = [registry];
  let online: (() => number) | undefined;
  new Gauge({
    name: 'funkeln_online_members',
    help: 'Members online (distinct, across all processes when Redis connects them).',
    // Every process reports the same global count: a cluster shows it once, not once per worker.
    aggregator: 'max',
    registers,
    collect() {
      this.set(online?.() ?? 0);
    },
  });
  registerQueueGauges(registry, db);
  return {
    registry,
    httpDuration: new Histogram({
      name: 'funkeln_http_request_duration_seconds',
      help: 'HTTP request duration by method, route template and status code.',
      labelNames: ['method', 'route', 'status_code'] as const,
      buckets: HTTP_BUCKETS,
      registers,
    }),
    socketsOpen: new Gauge({ name: 'funkeln_sockets_open', help: 'Socket.io connections open in this process.', registers }),
    socketConnections: new Counter({ name: 'funkeln_socket_connections_total', help: 'Socket.io connections accepted.', registers }),
    mailsSent: new Counter({ name: 'funkeln_mails_sent_total', help: 'Mails handed to the transport.', labelNames: ['transport'] as const, registers }),
    mailFailures: new Counter({
      name: 'funkeln_mail_delivery_failures_total',
      help: 'Mail delivery attempts the transport refused (retried later or given up).',
      labelNames: ['transport'] as const,
      registers,
    }),
    outboxDelivered: new Counter({
      name: 'funkeln_outbox_delivered_total',
      help: 'Outbox rows delivered, by outbox: mail (to the transport), push (to the push service), events (dispatched to their consumers).',
      labelNames: ['outbox'] as const,
      registers,
    }),
    outboxFailures: new Counter({
      name: 'funkeln_outbox_failures_total',
      help: 'Failed outbox delivery attempts, by outbox (retried after a backoff, or given up).',
      labelNames: ['outbox'] as const,
      registers,
    }),
    outboxDeadLetters: new Counter({
      name: 'funkeln_outbox_dead_letters_total',
      help: 'Outbox rows given up after their last attempt, by outbox: a human has to look.',
      labelNames: ['outbox'] as const,
      registers,
    }),
    moderationOutcomes: new Counter({
      name: 'funkeln_photo_moderation_total',
      help: 'Automatic photo moderation results: approved, pending (human review), rejected, error (model failed).',
      labelNames: ['outcome'] as const,
      registers,
    }),
    adminPhotoDecisions: new Counter({
      name: 'funkeln_admin_photo_decisions_total',
      help: 'Photo decisions by admins: enable or disable.',
      labelNames: ['action'] as const,
      registers,
    }),
    feedDeckReads: new Counter({
      name: 'funkeln_feed_deck_reads_total',
      help: 'Feed decks obtained, by reason: read from the database for prepare (socket connected), request or refill (while swiping), or shared (taken from another process).',
      labelNames: ['reason'] as const,
      registers,
    }),
    feedPages: new Counter({
      name: 'funkeln_feed_pages_total',
      help: 'Feed pages served, by source: deck (memory) or database.',
      labelNames: ['source'] as const,
      registers,
    }),
    feedRankings: new Counter({
      name: 'funkeln_feed_rankings_total',
      help: 'Feed rankings (a page or a deck read), by source: memory (the feed index, embedded database) or database.',
      labelNames: ['source'] as const,
      registers,
    }),
    readOnlineFrom(read) {
      online = read;
      return () => {
        if (online === read) online = undefined;
      };
    },
  };
}
