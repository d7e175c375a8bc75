import type { Db, Queryable } from '../../db/client.js';
import { sha256 } from '../../platform/crypto/crypto.js';
import { AppError } from '../../platform/http/errors.js';
import type { RateLimiter } from '../../platform/rate-limit/rate-limit.js';
import type { MailTokenService } from './mail-tokens.service.js';
import type { MailRequestQueue } from './mail-requests.js';
import { loginAccountKey } from './auth.service.js';
import { assertStrongPassword } from './password-policy.js';
import { hashPassword } from './passwords.js';
import type { SessionService } from './sessions.service.js';
import { consumeToken, expireUserTokens, findTokenUser } from './tokens.repo.js';
import { confirmAddress, type OnAddressConfirmed } from './address-confirmed.js';
import { findUserByEmail, setPasswordHash } from './users.repo.js';

const RESET_REQUESTED = 'Wenn die E-Mail existiert, haben wir dir einen Link zum Zurücksetzen gesendet.';
const RESET_DONE = 'Passwort erfolgreich geändert. Bitte melde dich an.';

/** What PasswordResetService is built from (named, so no call site depends on an argument order). */
export interface PasswordResetServiceDeps {
  db: Db;
  mailTokens: MailTokenService;
  sessions: SessionService;
  limiter: RateLimiter;
  requests: Pick<MailRequestQueue, 'enqueue'>;
  confirmed: OnAddressConfirmed;
}

export class PasswordResetService {
  private readonly db: Db;
  private readonly mailTokens: MailTokenService;
  private readonly sessions: SessionService;
  private readonly limiter: RateLimiter;
  private readonly requests: Pick<MailRequestQueue, 'enqueue'>;
  private readonly confirmed: OnAddressConfirmed;

  constructor(deps: PasswordResetServiceDeps) {
    this.db = deps.db;
    this.mailTokens = deps.mailTokens;
    this.sessions = deps.sessions;
    this.limiter = deps.limiter;
    this.requests = deps.requests;
    this.confirmed = deps.confirmed;
  }

  /** Only queues the request, so any address gets the same answer on the same path (limited per client address by the endpoint). */
  async request(email: string): Promise<string> {
    await this.requests.enqueue('reset', email);
    return RESET_REQUESTED;
  }

  /** The queued request: a mail only for an existing account, within the daily cap. */
  async sendRequested(tx: Queryable, email: string, dailyCap: number): Promise<void> {
    const user = await findUserByEmail(tx, email);
    if (user) await this.mailTokens.issue(tx, user, 'reset', dailyCap);
  }

  /** Sets the new password, burns every reset token and ends every session of the account. */
  async confirm(token: string, newPassword: string): Promise<string> {
    const owner = await findTokenUser(this.db, 'reset', sha256(token));
    if (!owner) throw new AppError('invalid_token');
    assertStrongPassword(newPassword, [owner.email, owner.display_name]);
    const hash = await hashPassword(newPassword);
    const revoked = await this.db.transaction(async (tx) => {
      const userId = await consumeToken(tx, 'reset', sha256(token));
      if (!userId) return undefined;
      await setPasswordHash(tx, userId, hash);
      await expireUserTokens(tx, userId, 'reset');
      await confirmAddress(tx, userId, this.confirmed); // the reset link proved the mailbox is theirs
      this.sessions.memberChanged(tx, userId);
      return { userId, sessionIds: await this.sessions.revokeAllOf(tx, userId) };
    });
    if (!revoked) throw new AppError('invalid_token');
    await this.limiter.reset(loginAccountKey(owner.email)); // the owner proved the mailbox: guessers' delay ends
    this.sessions.announceRevoked(revoked.sessionIds);
    return RESET_DONE;
  }
}
