import type { Db } from '../../db/client.js';
import { PeriodicJob } from '../jobs/periodic-job.js';
import type { Metrics } from '../metrics/metrics.js';
import { markOutboxFailed } from '../outbox-retry.repo.js';
import { claimDueMails, markMailSent, pruneOutbox } from './outbox.repo.js';
import { outboxMessageId, type MailTransport } from './transport.js';

const MAX_ATTEMPTS = 12;

/** Backoff 10 s, 20 s, 40 s ... capped at one hour: about a day of retries before giving up. */
export function retryDelaySeconds(attempts: number): number | null {
  if (attempts >= MAX_ATTEMPTS) return null;
  return Math.min(3600, 10 * 2 ** (attempts - 1));
}

export interface SenderLog {
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

/** What OutboxSender is built from (named, so no call site depends on an argument order). */
export interface OutboxSenderDeps {
  db: Db;
  transport: MailTransport;
  log: SenderLog;
  metrics: Pick<Metrics, 'mailsSent' | 'mailFailures'>;
  /** A mail claimed by a process that died is sent by another after this; the transport's timeouts stay well below it. */
  leaseSeconds?: number;
  intervalMs?: number;
}

/** Drains the mail outbox; a mail leaves the outbox only when the transport accepted it. */
export class OutboxSender {
  private readonly job: PeriodicJob;

  private readonly db: Db;
  private readonly transport: MailTransport;
  private readonly log: SenderLog;
  private readonly metrics: Pick<Metrics, 'mailsSent' | 'mailFailures'>;
  private readonly leaseSeconds: number;

  constructor(deps: OutboxSenderDeps) {
    this.db = deps.db;
    this.transport = deps.transport;
    this.log = deps.log;
    this.metrics = deps.metrics;
    this.leaseSeconds = deps.leaseSeconds ?? 60;
    const intervalMs = deps.intervalMs ?? 5000;
    this.job = new PeriodicJob(async () => void (await this.drain()), intervalMs, (err) => this.log.error({ err }, 'mail outbox run failed'));
  }

  start(): void {
    this.job.start();
  }

  kick(): void {
    this.job.kick();
  }

  async stop(): Promise<void> {
    await this.job.stop();
    this.transport.close();
  }

  /** Retention: sent mails go after 7 days, given-up ones after 30 (the daily cleanup job). */
  prune(): Promise<number> {
    return pruneOutbox(this.db);
  }

  /** Sends everything due; returns how many were sent. Public for tests and the CLI. */
  async drain(): Promise<number> {
    let sent = 0;
    for (;;) {
      // One mail per claim: its lease only has to outlast one delivery, however slow the server.
      const batch = await claimDueMails(this.db, 1, this.leaseSeconds);
      if (batch.length === 0) return sent;
      for (const mail of batch) {
        try {
          await this.transport.send({
            to: mail.to_address,
            subject: mail.subject,
            text: mail.text_body,
            html: mail.html_body,
            headers: mail.headers ?? undefined,
            messageId: outboxMessageId(mail.id),
          });
        } catch (err) {
          const retry = retryDelaySeconds(mail.attempts);
          this.metrics.mailFailures.inc({ transport: this.transport.name });
          this.log.warn({ mailId: mail.id, attempts: mail.attempts, err: (err as Error).message }, 'mail delivery failed');
          await markOutboxFailed(this.db, 'mail_outbox', mail.id, (err as Error).message, retry);
          continue;
        }
        // Accepted by the server: recording that must not turn into a second delivery.
        await this.recordSent(mail.id);
        sent++;
        this.metrics.mailsSent.inc({ transport: this.transport.name });
      }
    }
  }

  /**
   * The mail is out; only the database write is left. A lost connection here is retried (the
   * UPDATE is idempotent) instead of counting as a failed delivery, which would send it again.
   * Should the database stay away for good, the lease expires and the mail goes out once more
   * with the same Message-ID, so mail clients show it once.
   */
  private async recordSent(id: number): Promise<void> {
    for (let attempt = 1; ; attempt++) {
      try {
        await markMailSent(this.db, id, this.transport.name);
        return;
      } catch (err) {
        if (attempt >= 5) throw err;
        await new Promise((r) => setTimeout(r, 200 * attempt));
      }
    }
  }
}
