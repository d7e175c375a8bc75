import type { ConsentResponse, MemberSettings } from '@funkeln/contracts/safety';
import type { Db } from '../../db/client.js';
import { AppError } from '../../platform/errors.js';
import type { EventBus } from '../../platform/events.js';
import { enforceLimit, type RateLimiter } from '../../platform/rate-limit.js';
import type { BlobStorage } from '../../platform/storage/blob-storage.js';
import { assertStrongPassword, type AuthContext, hashPassword, type SessionService, verifyPassword } from '../accounts/index.js';
import type { PhotosService } from '../photos/index.js';
import type { RankingsService } from '../rankings/index.js';
import * as repo from './privacy.repo.js';

const FRESH_LOGIN_MS = 10 * 60_000;

/** What PrivacyService is built from (named, so no call site depends on an argument order). */
export interface PrivacyServiceDeps {
  db: Db;
  storage: BlobStorage;
  photos: PhotosService;
  sessions: SessionService;
  rankings: RankingsService;
  events: EventBus;
  limiter: RateLimiter;
}

/** The member's own data (DSGVO): export, erasure, consent, settings. */
export class PrivacyService {
  private readonly db: Db;
  private readonly storage: BlobStorage;
  private readonly photos: PhotosService;
  private readonly sessions: SessionService;
  private readonly rankings: RankingsService;
  private readonly events: EventBus;
  private readonly limiter: RateLimiter;

  constructor(deps: PrivacyServiceDeps) {
    this.db = deps.db;
    this.storage = deps.storage;
    this.photos = deps.photos;
    this.sessions = deps.sessions;
    this.rankings = deps.rankings;
    this.events = deps.events;
    this.limiter = deps.limiter;
  }

  /** Everything stored about the member, photos included (base64), as one JSON document. */
  async export(userId: string) {
    await enforceLimit(this.limiter, `export:user:${userId}`, 5, 3_600_000, 'export');
    const rows = await repo.exportRows(this.db, userId);
    const photos = await Promise.all(
      rows.photos.map(async ({ large_key: key, ...photo }) => {
        const data = typeof key === 'string' ? await this.storage.get(key) : undefined;
        return { ...photo, file: data ? { type: 'image/jpeg', base64: data.toString('base64') } : null };
      }),
    );
    return { format: 'funkeln-export-1', exportedAt: new Date().toISOString(), ...rows, photos };
  }

  /**
   * Erases the account: profile, photos (every size, from storage), sessions, likes, companion data,
   * memories. Messages they sent stay for the recipients as from 'Gelöschtes Profil'; ledger entries
   * stay anonymised (their wallet loses its member).
   */
  async erase(auth: AuthContext, password: string | undefined): Promise<void> {
    const { user } = auth;
    if (user.password_hash) {
      if (!password || !(await verifyPassword(user.password_hash, password))) throw new AppError('wrong_password');
    } else {
      const since = await repo.sessionCreatedAt(this.db, auth.sessionId);
      if (!since || Date.now() - since.getTime() > FRESH_LOGIN_MS) {
        throw new AppError('fresh_login_required');
      }
    }
    const photo = await this.photos.findForUser(user.id);
    const entries = await this.rankings.entries(user.id);
    const revoked = await this.db.transaction(async (tx) => {
      const sessionIds = await this.sessions.revokeAllOf(tx, user.id);
      await repo.eraseUser(tx, user.id);
      this.sessions.userChanged(tx, user.id);
      return sessionIds;
    });
    this.sessions.announceRevoked(revoked);
    if (photo) await this.photos.deleteFiles(photo);
    for (const category of entries) await this.rankings.refresh(category);
  }

  async consent(userId: string): Promise<ConsentResponse> {
    const history = await repo.consentHistory(this.db, userId);
    const last = history.at(-1);
    return { orientation: last ? (last.given ? 'given' : 'withdrawn') : 'unknown', history: history.map((h) => ({ given: h.given, at: h.at.toISOString() })) };
  }

  /** Recorded with its time; withdrawing hides the member from discovery at once. */
  async setConsent(userId: string, given: boolean): Promise<ConsentResponse> {
    await this.db.transaction(async (tx) => {
      await repo.recordConsent(tx, userId, given);
      this.events.publishOnCommit(tx, 'users.changed', { userIds: [userId] });
      this.events.publishOnCommit(tx, 'feed.stale', { userIds: [userId] });
    });
    return this.consent(userId);
  }

  async settings(userId: string): Promise<MemberSettings> {
    const s = await repo.memberSettings(this.db, userId);
    return {
      messagePref: s.message_pref,
      emailNotifications: s.email_notifications,
      shareEnabled: s.share_enabled ?? true,
      readReceipts: s.read_receipts,
      emailOnMatch: s.email_on_match,
      emailOnMessage: s.email_on_message,
      emailOnFlirt: s.email_on_flirt,
      pushPreviews: s.push_previews,
    };
  }

  async updateSettings(userId: string, update: Partial<MemberSettings>): Promise<MemberSettings> {
    await this.db.transaction(async (tx) => {
      await repo.updateMemberSettings(tx, userId, update);
      this.events.publishOnCommit(tx, 'users.changed', { userIds: [userId] });
    });
    return this.settings(userId);
  }

  async changePassword(auth: AuthContext, current: string, next: string): Promise<void> {
    await enforceLimit(this.limiter, `password-change:user:${auth.user.id}`, 10, 3_600_000, 'password_change');
    if (!auth.user.password_hash || !(await verifyPassword(auth.user.password_hash, current))) {
      throw new AppError('wrong_password', { params: { of: 'current' } });
    }
    assertStrongPassword(next, [auth.user.email, auth.user.display_name]);
    const hash = await hashPassword(next);
    const revoked = await this.db.transaction(async (tx) => {
      await repo.setPasswordHash(tx, auth.user.id, hash);
      this.sessions.userChanged(tx, auth.user.id);
      return this.sessions.revokeOthersOf(tx, auth.user.id, auth.sessionId);
    });
    this.sessions.announceRevoked(revoked);
  }

  /** Ends every session of the member (this one too): all devices are signed out at once. */
  async logoutEverywhere(userId: string): Promise<void> {
    const revoked = await this.db.transaction((tx) => this.sessions.revokeAllOf(tx, userId));
    this.sessions.announceRevoked(revoked);
  }
}
