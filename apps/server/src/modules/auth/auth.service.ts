import { randomUUID } from 'node:crypto';
import { isPremium } from './premium.js';
import type { LoginBody, MeResponse, RegisterBody } from '@funkeln/contracts/auth';
import type { Config } from '../../config.js';
import type { Db } from '../../db/client.js';
import { AppError, retryAfter } from '../../platform/http/errors.js';
import { enqueueMail } from '../../platform/mail/outbox.repo.js';
import { enforceLimit, type RateLimiter } from '../../platform/rate-limit/rate-limit.js';
import { backoffs } from '@funkeln/contracts/routes/limits';
import { TERMS_VERSION } from '@funkeln/contracts/terms';
import type { SettingsService } from '../settings/index.js';
import { registrationAttemptMail } from './account-mails.js';
import type { MailTokenService } from './mail-tokens.service.js';
import { assertStrongPassword } from './password-policy.js';
import { hashPassword, verifyPassword } from './passwords.js';
import type { AuthContext } from './auth-context.js';
import type { SessionService } from './sessions.service.js';
import { bumpDailyCounter } from './tokens.repo.js';
import { findUserByEmail, insertUser } from './users.repo.js';

const MINUTE = 60_000;
/**
 * Per account (the address typed, with or without an account behind it): the first 5 attempts
 * pass at once; after the n-th the next must wait 2^(n-5) s, at most 15 minutes. The count is
 * forgotten 24 h after the last attempt and reset by the right password or a password reset. An
 * attempt is counted before argon2 runs, so however many arrive at once from however many
 * addresses, at most 5 passwords are checked at once, 15 in the first 17 minutes, about 110 in a
 * day. Nobody can lock the owner out for longer than the current delay.
 */
export const loginAccountKey = (email: string) => `login:account:${email}`;


/** What AuthService is built from (named, so no call site depends on an argument order). */
export interface AuthServiceDeps {
  db: Db;
  config: Pick<Config, 'publicUrl' | 'registrationsPerIpHour'>;
  settings: SettingsService;
  sessions: SessionService;
  mailTokens: MailTokenService;
  limiter: RateLimiter;
}

export class AuthService {
  private readonly db: Db;
  private readonly config: Pick<Config, 'publicUrl' | 'registrationsPerIpHour'>;
  private readonly settings: SettingsService;
  private readonly sessions: SessionService;
  private readonly mailTokens: MailTokenService;
  private readonly limiter: RateLimiter;

  constructor(deps: AuthServiceDeps) {
    this.db = deps.db;
    this.config = deps.config;
    this.settings = deps.settings;
    this.sessions = deps.sessions;
    this.mailTokens = deps.mailTokens;
    this.limiter = deps.limiter;
  }

  async register(body: RegisterBody, ip: string): Promise<{ token: string }> {
    await enforceLimit(this.limiter, `register:ip:${ip}`, this.config.registrationsPerIpHour, 60 * MINUTE);
    assertStrongPassword(body.password, [body.email, body.displayName]);
    const passwordHash = await hashPassword(body.password);
    const verifyCap = await this.settings.get('VERIFY_RESEND_PER_DAY');
    const token = await this.db.transaction(async (tx) => {
      const user = await insertUser(tx, {
        id: randomUUID(),
        email: body.email,
        passwordHash,
        displayName: body.displayName,
        emailVerified: false,
        googleSub: null,
        // The form says above its button that the AGB apply (with the link); this is that version.
        terms: { version: TERMS_VERSION, source: 'register' },
      });
      if (!user) {
        // The address is taken: answer like any failed registration and tell the owner by mail.
        const owner = await findUserByEmail(tx, body.email);
        if (owner && (await bumpDailyCounter(tx, owner.id, 'mail:register_attempt')) <= 3) {
          const login = `${this.config.publicUrl}/login`;
          await enqueueMail(tx, registrationAttemptMail(owner.email, owner.display_name, login, `${this.config.publicUrl}/forgot-password`));
        }
        return undefined;
      }
      await this.mailTokens.issue(tx, user, 'verify', verifyCap);
      return this.sessions.create(tx, user.id);
    });
    this.mailTokens.flush();
    if (!token) throw new AppError('registration_failed');
    return { token };
  }

  /** Attempts per client address are limited by the endpoint (limits.loginIp); failures per account here. */
  async login(body: LoginBody): Promise<{ token: string }> {
    const accountKey = loginAccountKey(body.email);
    const wait = await this.limiter.admit(accountKey, backoffs.loginFailures);
    if (wait > 0) throw new AppError('rate_limited', { params: { limit: 'login_failures' }, headers: retryAfter(wait) });
    const user = await findUserByEmail(this.db, body.email);
    const ok = await verifyPassword(user?.password_hash, body.password);
    if (!user || !ok) throw new AppError('invalid_credentials');
    await this.limiter.reset(accountKey);
    if (user.suspended_at) throw new AppError('suspended');
    if (!user.email_verified && (await this.settings.get('EMAIL_VERIFICATION_REQUIRED'))) {
      throw new AppError('email_not_verified');
    }
    return { token: await this.sessions.create(this.db, user.id) };
  }

  me(auth: AuthContext): MeResponse {
    const { user } = auth;
    const premium = isPremium(user.premium_until);
    return {
      id: user.id,
      email: user.email,
      display_name: user.display_name,
      email_verified: user.email_verified,
      role: auth.role,
      created_at: user.created_at.toISOString(),
      isPremium: premium,
      premiumUntil: premium ? user.premium_until!.toISOString() : null,
      termsCurrent: user.terms_version === TERMS_VERSION,
    };
  }

  logout(auth: AuthContext): Promise<void> {
    return this.sessions.revoke(auth.sessionId);
  }
}
