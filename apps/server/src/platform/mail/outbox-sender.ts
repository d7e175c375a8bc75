import type { Db } from '../../db/client.js';
import { PeriodicJob } from '../jobs/periodic-job.js';
import type { Metrics } from '../metrics/metrics.js';
import { claimDueMails, markMailFailed, markMailSent } from './outbox.repo.js';
import type { MailTransport } from './transport.js';

const MAX_ATTEMPTS = 12;
const LEASE_SECONDS = 120;

/** Backoff 10 s, 20 s, 40 s ... capped at one hour: about a day of retries before giving up. */
export function retryDelaySeconds(attempts: number): number | null {
  if (attempts >= MAX_ATTEMPTS) return null;
  return Math.min(3600, 10 * 2 ** (attempts - 1));
}

export interface SenderLog {
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

/** Drains the mail outbox; a mail leaves the outbox only when the transport accepted it. */
export class OutboxSender {
  private readonly job: PeriodicJob;

  constructor(
    private readonly db: Db,
    private readonly transport: MailTransport,
    private readonly log: SenderLog,
    private readonly metrics: Pick<Metrics, 'mailsSent' | 'mailFailures'>,
    intervalMs = 5000,
  ) {
    this.job = new PeriodicJob(async () => void (await this.drain()), intervalMs, (err) => log.error({ err }, 'mail outbox run failed'));
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

  /** Sends everything due; returns how many were sent. Public for tests and the CLI. */
  async drain(): Promise<number> {
    let sent = 0;
    for (;;) {
      const batch = await claimDueMails(this.db, 20, LEASE_SECONDS);
      if (batch.length === 0) return sent;
      for (const mail of batch) {
        try {
          await this.transport.send({ to: mail.to_address, subject: mail.subject, text: mail.text_body, html: mail.html_body });
          await markMailSent(this.db, mail.id, this.transport.name);
          sent++;
          this.metrics.mailsSent.inc({ transport: this.transport.name });
        } catch (err) {
          const retry = retryDelaySeconds(mail.attempts);
          this.metrics.mailFailures.inc({ transport: this.transport.name });
          this.log.warn({ mailId: mail.id, attempts: mail.attempts, err: (err as Error).message }, 'mail delivery failed');
          await markMailFailed(this.db, mail.id, (err as Error).message, retry);
        }
      }
    }
  }
}
