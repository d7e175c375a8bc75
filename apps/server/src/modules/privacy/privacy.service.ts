import type { ConsentResponse } from '@funkeln/contracts/privacy';
import type { Db } from '../../db/client.js';
import { AppError } from '../../platform/http/errors.js';
import type { EventBus } from '../../platform/events/events.js';
import type { BlobStorage } from '../../platform/storage/blob-storage.js';
import { type AuthContext, type SessionService, verifyPassword } from '../auth/index.js';
import type { PhotosService } from '../photos/index.js';
import type { LeaderboardService } from '../leaderboard/index.js';
import * as repo from './privacy.repo.js';

const FRESH_LOGIN_MS = 10 * 60_000;

/** What PrivacyService is built from (named, so no call site depends on an argument order). */
export interface PrivacyServiceDeps {
  db: Db;
  storage: BlobStorage;
  photos: PhotosService;
  sessions: SessionService;
  leaderboard: LeaderboardService;
  events: EventBus;
}

/** The member's own data (DSGVO): export, erasure, consent. */
export class PrivacyService {
  private readonly db: Db;
  private readonly storage: BlobStorage;
  private readonly photos: PhotosService;
  private readonly sessions: SessionService;
  private readonly leaderboard: LeaderboardService;
  private readonly events: EventBus;

  constructor(deps: PrivacyServiceDeps) {
    this.db = deps.db;
    this.storage = deps.storage;
    this.photos = deps.photos;
    this.sessions = deps.sessions;
    this.leaderboard = deps.leaderboard;
    this.events = deps.events;
  }

  /** Everything stored about the member, photos included (base64), as one JSON document. */
  async export(memberId: string) {
    const rows = await repo.exportRows(this.db, memberId);
    const photos = await Promise.all(
      rows.photos.map(async ({ large_key: key, ...photo }) => {
        const data = typeof key === 'string' ? await this.storage.get(key) : undefined;
        return { ...photo, file: data ? { type: 'image/jpeg', base64: data.toString('base64') } : null };
      }),
    );
    const verificationAttempts = await Promise.all(
      rows.verificationAttempts.map(async ({ selfie_key: key, ...attempt }) => {
        const data = key ? await this.storage.get(key) : undefined;
        return { ...attempt, selfie: data ? { type: 'image/jpeg', base64: data.toString('base64') } : null };
      }),
    );
    return { format: 'funkeln-export-1', exportedAt: new Date().toISOString(), ...rows, photos, verificationAttempts };
  }

  /**
   * Erases the account: profile, photos (every size, from storage), sessions, likes, companion data,
   * memories, verification results and any selfie kept for an admin. Messages they sent stay for the
   * recipients as from 'Gelöschtes Profil'; ledger entries stay anonymised (their wallet loses its member).
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
    const photos = await this.photos.allOf(user.id);
    const selfies = await repo.selfieKeys(this.db, user.id);
    const revoked = await this.db.transaction(async (tx) => {
      const sessionIds = await this.sessions.revokeAllOf(tx, user.id);
      await repo.eraseMember(tx, user.id);
      this.sessions.memberChanged(tx, user.id);
      return sessionIds;
    });
    this.sessions.announceRevoked(revoked);
    await Promise.all(photos.map((p) => this.photos.deleteFiles(p)));
    await Promise.all(selfies.map((k) => this.storage.delete(k)));
    await this.leaderboard.accountChanged();
  }

  async consent(memberId: string): Promise<ConsentResponse> {
    const history = await repo.consentHistory(this.db, memberId);
    const last = history.at(-1);
    return { orientation: last ? (last.given ? 'given' : 'withdrawn') : 'unknown', history: history.map((h) => ({ given: h.given, at: h.at.toISOString() })) };
  }

  /** Recorded with its time; withdrawing hides the member from the feed at once. */
  async setConsent(memberId: string, given: boolean): Promise<ConsentResponse> {
    await this.db.transaction(async (tx) => {
      await repo.recordConsent(tx, memberId, given);
      this.events.publishOnCommit(tx, 'users.changed', { userIds: [memberId] });
      this.events.publishOnCommit(tx, 'feed.stale', { userIds: [memberId] });
    });
    return this.consent(memberId);
  }
}
