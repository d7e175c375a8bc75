import { randomUUID } from 'node:crypto';
import type { Config } from '../../config.js';
import type { Queryable } from '../../db/client.js';
import { randomToken, sha256 } from '../../platform/crypto/crypto.js';
import { AppError, retryAfter } from '../../platform/http/errors.js';
import type { EventBus } from '../../platform/events/events.js';
import { enqueueMail } from '../../platform/mail/outbox.repo.js';
import { passwordResetMail, verificationMail } from './account-mails.js';
import { bumpDailyCounter, insertToken, type TokenKind } from './tokens.repo.js';
import type { UserRow } from './users.repo.js';

/** How long a link in a confirmation or reset mail works (stated on the Datenschutz page). */
export const MAIL_TOKEN_TTL_SECONDS: Record<TokenKind, number> = { verify: 48 * 3600, reset: 3600 };
const PATH: Record<TokenKind, string> = { verify: '/verify', reset: '/reset' };

export class DailyCapReached extends Error {}

/** Issues single-use mail tokens (hashed at rest) and writes their mail to the outbox. */
export class MailTokenService {
  constructor(
    private readonly config: Pick<Config, 'publicUrl'>,
    private readonly events: EventBus,
  ) {}

  /** Inside tx: counts against the daily cap, stores the token hash, enqueues the German mail. */
  async issue(tx: Queryable, user: Pick<UserRow, 'id' | 'email' | 'display_name'>, kind: TokenKind, dailyCap: number): Promise<void> {
    const used = await bumpDailyCounter(tx, user.id, `mail:${kind}`);
    if (used > dailyCap) throw new DailyCapReached();
    const token = randomToken();
    await insertToken(tx, { id: randomUUID(), userId: user.id, kind, tokenHash: sha256(token), ttlSeconds: MAIL_TOKEN_TTL_SECONDS[kind] });
    // Links are built from PUBLIC_URL only, never from the request's Host header.
    const link = `${this.config.publicUrl}${PATH[kind]}?token=${token}`;
    const mail = kind === 'verify' ? verificationMail(user.email, user.display_name, link) : passwordResetMail(user.email, user.display_name, link);
    await enqueueMail(tx, mail);
  }

  /** Call after the transaction committed so the sender picks the mail up at once. */
  flush(): void {
    this.events.emit('mail.enqueued', {});
  }
}

export const verifyCapMessage = () =>
  new AppError('rate_limited', { params: { limit: 'confirmation_mails' }, headers: retryAfter(3600_000) });
