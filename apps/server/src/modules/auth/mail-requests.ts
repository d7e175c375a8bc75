import type { Db, Queryable } from '../../db/client.js';
import { PeriodicJob } from '../../platform/jobs/periodic-job.js';
import type { SenderLog } from '../../platform/outbox/outbox-worker.js';
import type { SettingsService } from '../settings/index.js';
import { DailyCapReached, type MailTokenService } from './mail-tokens.service.js';
import { deleteMailRequest, insertMailRequest, lockNextMailRequest, recordMailRequestFailure } from './mail-requests.repo.js';
import type { TokenKind } from './tokens.repo.js';

/** Looks the address up and, if it is due one, issues the mail (inside tx, within dailyCap). */
export type MailRequestHandler = (tx: Queryable, email: string, dailyCap: number) => Promise<void>;

const MAX_ATTEMPTS = 5;

/** What MailRequestQueue is built from (named, so no call site depends on an argument order). */
export interface MailRequestQueueDeps {
  db: Db;
  settings: SettingsService;
  mailTokens: Pick<MailTokenService, 'flush'>;
  handlers: Record<TokenKind, MailRequestHandler>;
  log: SenderLog;
  intervalMs?: number;
}

/**
 * Signed-out mail requests (resend verification, password reset). enqueue() records the address
 * and nothing else, so a known and an unknown address take the same path and time; the worker
 * fulfils the request shortly after, removing it in the same transaction (once, and a process that
 * dies mid-way leaves it to the next run or another process).
 */
export class MailRequestQueue {
  private readonly job: PeriodicJob;

  private readonly db: Db;
  private readonly settings: SettingsService;
  private readonly mailTokens: Pick<MailTokenService, 'flush'>;
  private readonly handlers: Record<TokenKind, MailRequestHandler>;

  constructor(deps: MailRequestQueueDeps) {
    this.db = deps.db;
    this.settings = deps.settings;
    this.mailTokens = deps.mailTokens;
    this.handlers = deps.handlers;
    const log = deps.log;
    const intervalMs = deps.intervalMs ?? 5000;
    this.job = new PeriodicJob(async () => void (await this.drain()), intervalMs, (err) => log.error({ err }, 'mail request run failed'));
  }

  async enqueue(kind: TokenKind, email: string): Promise<void> {
    await insertMailRequest(this.db, kind, email);
    this.job.kick();
  }

  start(): void {
    this.job.start();
  }

  stop(): Promise<void> {
    return this.job.stop();
  }

  /** Fulfils every waiting request; returns how many. Public for tests. */
  async drain(): Promise<number> {
    // Read before the transactions: the embedded database runs one statement at a time.
    const caps: Record<TokenKind, number> = {
      verify: await this.settings.get('VERIFY_RESEND_PER_DAY'),
      reset: await this.settings.get('RESET_REQUEST_PER_DAY'),
    };
    let done = 0;
    try {
      while (await this.fulfilNext(caps)) done++;
    } finally {
      if (done > 0) this.mailTokens.flush();
    }
    return done;
  }

  private async fulfilNext(caps: Record<TokenKind, number>): Promise<boolean> {
    let claimed: number | undefined;
    try {
      return await this.db.transaction(async (tx) => {
        const request = await lockNextMailRequest(tx);
        if (!request) return false;
        claimed = request.id;
        await this.handlers[request.kind](tx, request.email, caps[request.kind]).catch((err: unknown) => {
          if (!(err instanceof DailyCapReached)) throw err;
        });
        await deleteMailRequest(tx, request.id);
        return true;
      });
    } catch (err) {
      if (claimed !== undefined) await recordMailRequestFailure(this.db, claimed, MAX_ATTEMPTS);
      throw err;
    }
  }
}
