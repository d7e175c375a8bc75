import type { MemberSettings } from '@funkeln/contracts/account';
import { TERMS_VERSION } from '@funkeln/contracts/terms';
import type { Db } from '../../db/client.js';
import { AppError } from '../../platform/http/errors.js';
import type { EventBus } from '../../platform/events/events.js';
import { assertStrongPassword, type AuthContext, hashPassword, recordTermsAcceptance, type SessionService, verifyPassword } from '../auth/index.js';
import * as repo from './account.repo.js';

/** What AccountService is built from (named, so no call site depends on an argument order). */
export interface AccountServiceDeps {
  db: Db;
  sessions: SessionService;
  events: EventBus;
}

/** The member's own account: settings, password, signing out everywhere, the AGB in force. */
export class AccountService {
  private readonly db: Db;
  private readonly sessions: SessionService;
  private readonly events: EventBus;

  constructor(deps: AccountServiceDeps) {
    this.db = deps.db;
    this.sessions = deps.sessions;
    this.events = deps.events;
  }

  async settings(memberId: string): Promise<MemberSettings> {
    const s = await repo.memberSettings(this.db, memberId);
    return {
      messagePref: s.message_pref,
      emailNotifications: s.email_notifications,
      shareEnabled: s.share_enabled ?? false,
      readReceipts: s.read_receipts,
      emailOnMatch: s.email_on_match,
      emailOnMessage: s.email_on_message,
      emailOnFlirt: s.email_on_flirt,
      pushPreviews: s.push_previews,
    };
  }

  async updateSettings(memberId: string, update: Partial<MemberSettings>): Promise<MemberSettings> {
    await this.db.transaction(async (tx) => {
      const { shareStored } = await repo.updateMemberSettings(tx, memberId, update);
      // Switching sharing on needs a profile to share; off is what a member without one has already.
      if (!shareStored && update.shareEnabled === true) throw new AppError('profile_required', { params: { of: 'share' } });
      this.events.publishOnCommit(tx, 'users.changed', { userIds: [memberId] });
    });
    return this.settings(memberId);
  }

  async changePassword(auth: AuthContext, current: string, next: string): Promise<void> {
    if (!auth.user.password_hash || !(await verifyPassword(auth.user.password_hash, current))) {
      throw new AppError('wrong_password', { params: { of: 'current' } });
    }
    assertStrongPassword(next, [auth.user.email, auth.user.display_name]);
    const hash = await hashPassword(next);
    const revoked = await this.db.transaction(async (tx) => {
      await repo.setPasswordHash(tx, auth.user.id, hash);
      this.sessions.memberChanged(tx, auth.user.id);
      return this.sessions.revokeOthersOf(tx, auth.user.id, auth.sessionId);
    });
    this.sessions.announceRevoked(revoked);
  }

  /**
   * She agrees to the AGB in force. Only the version her page showed counts: a page from before a
   * newer version gets 409 (she is asked again with the new text), never a silent acceptance.
   */
  async acceptTerms(memberId: string, version: string): Promise<{ version: string }> {
    if (version !== TERMS_VERSION) throw new AppError('terms_outdated');
    await this.db.transaction(async (tx) => {
      await recordTermsAcceptance(tx, memberId, version, 'update');
      this.sessions.memberChanged(tx, memberId);
    });
    return { version };
  }

  /** Ends every session of the member (this one too): all devices are signed out at once. */
  async logoutEverywhere(memberId: string): Promise<void> {
    const revoked = await this.db.transaction((tx) => this.sessions.revokeAllOf(tx, memberId));
    this.sessions.announceRevoked(revoked);
  }
}
