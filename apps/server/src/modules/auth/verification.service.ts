import type { Db, Queryable } from '../../db/client.js';
import { sha256 } from '../../platform/crypto.js';
import { AppError } from '../../platform/errors.js';
import type { SettingsService } from '../settings/index.js';
import type { SessionService } from './sessions.service.js';
import { DailyCapReached, type MailTokenService, verifyCapMessage } from './mail-tokens.service.js';
import type { MailRequestQueue } from './mail-requests.js';
import { consumeToken, expireUserTokens, hasRecentToken } from './tokens.repo.js';
import { findUserByEmail, markEmailVerified, type UserRow } from './users.repo.js';

const RESEND_ANSWER =
  'Falls ein Account existiert und noch nicht bestätigt ist, haben wir den Link erneut gesendet. Bitte prüfe dein Postfach.';
const VERIFY_SENT = 'E-Mail gesendet. Bitte prüfe deinen Posteingang.';
const VERIFIED = 'E-Mail erfolgreich bestätigt. Du kannst dich jetzt einloggen.';

/** A verification mail sent this recently is not sent again (the client asks right after registering). */
const DEDUPE_SECONDS = 60;

/** What VerificationService is built from (named, so no call site depends on an argument order). */
export interface VerificationServiceDeps {
  db: Db;
  settings: SettingsService;
  mailTokens: MailTokenService;
  sessions: SessionService;
  requests: Pick<MailRequestQueue, 'enqueue'>;
}

export class VerificationService {
  private readonly db: Db;
  private readonly settings: SettingsService;
  private readonly mailTokens: MailTokenService;
  private readonly sessions: SessionService;
  private readonly requests: Pick<MailRequestQueue, 'enqueue'>;

  constructor(deps: VerificationServiceDeps) {
    this.db = deps.db;
    this.settings = deps.settings;
    this.mailTokens = deps.mailTokens;
    this.sessions = deps.sessions;
    this.requests = deps.requests;
  }

  /** Signed in: (re)sends the verification mail, within the daily cap. */
  async start(user: UserRow): Promise<string> {
    if (user.email_verified) throw new AppError('already_verified');
    try {
      await this.send(user);
    } catch (err) {
      if (err instanceof DailyCapReached) throw verifyCapMessage();
      throw err;
    }
    return VERIFY_SENT;
  }

  /** Signed out: only queues the request, so any address gets the same answer on the same path (limited per client address by the endpoint). */
  async resend(email: string): Promise<string> {
    await this.requests.enqueue('verify', email);
    return RESEND_ANSWER;
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
        await markEmailVerified(tx, id);
        await expireUserTokens(tx, id, 'verify');
        this.sessions.userChanged(tx, id);
      }
      return id;
    });
    if (!userId) throw new AppError('invalid_token');
    return VERIFIED;
  }

  private async send(user: UserRow): Promise<void> {
    const cap = await this.settings.get('VERIFY_RESEND_PER_DAY');
    if (await this.db.transaction((tx) => this.issueUnlessRecent(tx, user, cap))) this.mailTokens.flush();
  }

  private async issueUnlessRecent(tx: Queryable, user: UserRow, dailyCap: number): Promise<boolean> {
    if (await hasRecentToken(tx, user.id, 'verify', DEDUPE_SECONDS)) return false;
    await this.mailTokens.issue(tx, user, 'verify', dailyCap);
    return true;
  }
}
