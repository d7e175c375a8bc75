import type { Db } from '../../db/client.js';
import type { Metrics } from '../metrics/metrics.js';
import { OutboxWorker, type SenderLog } from '../outbox/outbox-worker.js';
import { pruneOutbox } from '../outbox/outbox.repo.js';
import { claimDueMail, MAIL_RETENTION, markMailSent, type OutboxRow } from './outbox.repo.js';
import { outboxMessageId, type MailTransport } from './transport.js';

/** What OutboxSender is built from (named, so no call site depends on an argument order). */
export interface OutboxSenderDeps {
  db: Db;
  transport: MailTransport;
  log: SenderLog;
  metrics: Pick<Metrics, 'mailsSent' | 'mailFailures' | 'outboxDelivered' | 'outboxFailures' | 'outboxDeadLetters'>;
  /** A mail claimed by a process that died is sent by another after this; the transport's timeouts stay well below it. */
  leaseSeconds?: number;
  intervalMs?: number;
}

/**
 * Drains the mail outbox through the one outbox worker: one mail at a time per process (its lease
 * only has to outlast one delivery, however slow the server); a mail leaves the outbox only when
 * the transport accepted it.
 */
export class OutboxSender {
  private readonly worker: OutboxWorker<OutboxRow>;
  private readonly db: Db;

  constructor(deps: OutboxSenderDeps) {
    const { db, transport, metrics } = deps;
    this.db = db;
    this.worker = new OutboxWorker({
      db,
      log: deps.log,
      metrics,
      leaseSeconds: deps.leaseSeconds,
      intervalMs: deps.intervalMs,
      spec: {
        name: 'mail',
        table: 'mail_outbox',
        claim: claimDueMail,
        async deliver(mail) {
          await transport.send({
            to: mail.to_address,
            subject: mail.subject,
            text: mail.text_body,
            html: mail.html_body,
            headers: mail.headers ?? undefined,
            messageId: outboxMessageId(mail.id),
          });
          return 'sent';
        },
        markSent: (q, ids) => markMailSent(q, ids, transport.name),
        observe: {
          sent: () => metrics.mailsSent.inc({ transport: transport.name }),
          failed: () => metrics.mailFailures.inc({ transport: transport.name }),
        },
        close: () => transport.close(),
      },
    });
  }

  start(): void {
    this.worker.start();
  }

  kick(): void {
    this.worker.kick();
  }

  stop(): Promise<void> {
    return this.worker.stop();
  }

  /** Retention: sent mails go after 7 days, given-up ones after 30 (the daily cleanup job). */
  prune(): Promise<number> {
    return pruneOutbox(this.db, 'mail_outbox', MAIL_RETENTION);
  }

  /**
   * Sends everything due; returns how many were sent. Public for tests and the CLI. SMTP cannot be
   * exactly-once: should the mail go out twice (a crash after the server took it), it carries the
   * same Message-ID (outboxMessageId) and mail clients show it once.
   */
  drain(): Promise<number> {
    return this.worker.drain();
  }
}
