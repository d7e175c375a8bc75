import type { MailRequestResponse } from '@funkeln/contracts/auth';
import type { Db, Queryable } from '../../db/client.js';
import { sha256 } from '../../platform/crypto/crypto.js';
import { AppError } from '../../platform/http/errors.js';
import type { RateLimiter } from '../../platform/rate-limit/rate-limit.js';
import type { SettingsService } from '../settings/index.js';
import type { SessionService } from './sessions.service.js';
import { DailyCapReached, type MailTokenService, verifyCapMessage } from './mail-tokens.service.js';
import type { MailRequestQueue } from './mail-requests.js';
import { consumeToken, expireUserTokens, hasRecentToken } from './tokens.repo.js';
import { confirmAddress, type OnAddressConfirmed } from './address-confirmed.js';
import { findUserByEmail, type UserRow } from './users.repo.js';

const RESEND_ANSWER =
  'Falls ein Account existiert und noch nicht bestätigt ist, haben wir den Link erneut gesendet. Bitte prüfe dein Postfach.';
const VERIFY_SENT = 'E-Mail gesendet. Bitte prüfe deinen Posteingang.';
const VERIFY_RECENTLY_SENT =
  'Wir haben dir gerade erst eine E-Mail geschickt. Bitte prüfe deinen Posteingang (auch den Spam-Ordner). Eine neue kannst du in einer Minute anfordern.';
const RESEND_RECENTLY_ASKED =
  'Für diese Adresse wurde gerade erst ein Link angefordert. Bitte prüfe dein Postfach (auch den Spam-Ordner) und versuche es in einer Minute erneut.';
const VERIFIED = 'E-Mail erfolgreich bestätigt. Du kannst dich jetzt einloggen.';

/** A verification mail sent this recently is not sent again (the client asks right after registering). */
const DEDUPE_SECONDS = 60;

/**
 * Counts a signed-out resend for the address; false when one was counted within the last minute.
 * Known and unknown addresses alike, so the answer reveals no account (the registration mail is
 * not counted: that would tell a taken address from a new one); keyed by the address's hash, so no
 * address sits in the limiter's store.
 */
async function countMailAsked(limiter: RateLimiter, email: string): Promise<boolean> {
  const { count } = await limiter.increment(`verify-mail:address:${sha256(email)}`, DEDUPE_SECONDS * 1000);
  return count === 1;
}

/** What VerificationService is built from (named, so no call site depends on an argument order). */
export interface VerificationServiceDeps {
  db: Db;
  settings: SettingsService;
  mailTokens: MailTokenService;
  sessions: SessionService;
  requests: Pick<MailRequestQueue, 'enqueue'>;
  limiter: RateLimiter;
  confirmed: OnAddressConfirmed;
}

export class VerificationService {
  private readonly db: Db;
  private readonly settings: SettingsService;
  private readonly mailTokens: MailTokenService;
  private readonly sessions: SessionService;
  private readonly requests: Pick<MailRequestQueue, 'enqueue'>;
  private readonly limiter: RateLimiter;
  private readonly confirmed: OnAddressConfirmed;

  constructor(deps: VerificationServiceDeps) {
    this.db = deps.db;
    this.settings = deps.settings;
    this.mailTokens = deps.mailTokens;
    this.sessions = deps.sessions;
    this.requests = deps.requests;
    this.confirmed = deps.confirmed;
    this.limiter = deps.limiter;
  }

  /** Signed in: (re)sends the verification mail, within the daily cap; says so when one went out under a minute ago. */
  async start(user: UserRow): Promise<MailRequestResponse> {
    if (user.email_verified) throw new AppError('already_verified');
    let sent: boolean;
    try {
      sent = await this.send(user);
    } catch (err) {
      if (err instanceof DailyCapReached) throw verifyCapMessage();
      throw err;
    }
    return sent ? { outcome: 'sent', message: VERIFY_SENT } : { outcome: 'recently_sent', message: VERIFY_RECENTLY_SENT };
  }

  /**
   * Signed out: only queues the request, so any address gets the same answer on the same path
   * (limited per client address by the endpoint). A second request for the same address within a
   * minute, whether it has an account or not, is answered 'recently_sent' and queues nothing.
   */
  async resend(email: string): Promise<MailRequestResponse> {
    if (!(await countMailAsked(this.limiter, email))) return { outcome: 'recently_sent', message: RESEND_RECENTLY_ASKED };
    await this.requests.enqueue('verify', email);
    return { outcome: 'sent', message: RESEND_ANSWER };
  }

  /** The queued resend: a mail only for an unverified account, within the daily cap. */
  async sendRequested(tx: Queryable, email: string, dailyCap: number): Promise<void> {
    const user = await findUserByEmail(tx, email);
    if (user && !user.email_verified) await this.issueUnlessRecent(tx, user, dailyCap);
  }

  async confirm(token: string): Promise<string> {
    const userId = await this.db.transaction(async (tx) => {
      const id = await consumeToken(tx, 'verify', sha256(token));
      if (id) {
        await confirmAddress(tx, id, this.confirmed);
        await expireUserTokens(tx, id, 'verify');
        this.sessions.memberChanged(tx, id);
      }
      return id;
    });
    if (!userId) throw new AppError('invalid_token');
    return VERIFIED;
  }

  /** Whether a mail was issued (false: one went out under a minute ago). */
  private async send(user: UserRow): Promise<boolean> {
    const cap = await this.settings.get('VERIFY_RESEND_PER_DAY');
    const issued = await this.db.transaction((tx) => this.issueUnlessRecent(tx, user, cap));
    if (issued) this.mailTokens.flush();
    return issued;
  }

  private async issueUnlessRecent(tx: Queryable, user: UserRow, dailyCap: number): Promise<boolean> {
    if (await hasRecentToken(tx, user.id, 'verify', DEDUPE_SECONDS)) return false;
    await this.mailTokens.issue(tx, user, 'verify', dailyCap);
    return true;
  }
}
