import type { AdminReport, AuditEntry, CleanupResponse, PendingPhoto, ReportedPhoto } from '@funkeln/contracts/admin';
import { allReasons, type AnyReason, categoryOf } from '@funkeln/contracts/safety';
import type { SettingsRecord } from '@funkeln/contracts/settings';
import type { Db } from '../../db/client.js';
import { AppError } from '../../platform/http/errors.js';
import type { EventBus } from '../../platform/events/events.js';
import type { Metrics } from '../../platform/metrics/metrics.js';
import type { SessionService } from '../auth/index.js';
import type { PhotosService } from '../photos/index.js';
import type { LeaderboardService } from '../leaderboard/index.js';
import type { ReportOutcomes } from '../safety/index.js';
import type { SettingsService } from '../settings/index.js';
import * as repo from './admin.repo.js';
import { auditMemberNames } from './audit-members.js';
import { evidenceOf } from './report-evidence.js';

export interface Admin {
  id: string;
  email: string;
}

/** What AdminService is built from (named, so no call site depends on an argument order). */
export interface AdminServiceDeps {
  db: Db;
  settings: SettingsService;
  sessions: SessionService;
  photos: PhotosService;
  leaderboard: LeaderboardService;
  reportOutcomes: ReportOutcomes;
  events: EventBus;
  metrics: Pick<Metrics, 'adminPhotoDecisions'>;
}

/** Everything an admin does, each action written to the audit log with who and when. */
export class AdminService {
  private readonly db: Db;
  private readonly settings: SettingsService;
  private readonly sessions: SessionService;
  private readonly photos: PhotosService;
  private readonly leaderboard: LeaderboardService;
  private readonly reportOutcomes: ReportOutcomes;
  private readonly events: EventBus;
  private readonly metrics: Pick<Metrics, 'adminPhotoDecisions'>;

  constructor(deps: AdminServiceDeps) {
    this.db = deps.db;
    this.settings = deps.settings;
    this.sessions = deps.sessions;
    this.photos = deps.photos;
    this.leaderboard = deps.leaderboard;
    this.reportOutcomes = deps.reportOutcomes;
    this.events = deps.events;
    this.metrics = deps.metrics;
  }

  getSettings(): Promise<SettingsRecord> {
    return this.settings.getAll();
  }

  /** Validated as a whole (a bad value is a 400 naming the key, nothing saved); read through by every process. */
  async updateSettings(admin: Admin, values: SettingsRecord): Promise<SettingsRecord> {
    const saved = await this.settings.update(values);
    await this.audit(admin, 'settings.update', '', values);
    return saved;
  }

  async cleanupTokens(admin: Admin | undefined): Promise<CleanupResponse> {
    const result = await this.db.transaction((tx) => repo.cleanupTokens(tx));
    if (admin) await this.audit(admin, 'maintenance.cleanup-tokens', '', result);
    return result;
  }

  async pendingPhotos(): Promise<PendingPhoto[]> {
    const rows = await repo.pendingPhotos(this.db);
    return Promise.all(
      rows.map(async (r) => ({
            id: r.id,
            user_id: r.user_id,
            user_name: r.user_name,
            moderation_status: r.status,
            moderation_label: r.moderation_label,
            thumbUrl: await this.photos.moderationThumb(r.id),
            scores: r.moderation_scores,
            created_at: r.created_at.toISOString(),
            no_face: r.face_count === 0,
          })),
    );
  }

  async photoAction(admin: Admin, photoId: string, action: 'enable' | 'disable'): Promise<void> {
    const owner = await this.db.transaction(async (tx) => {
      const found = await repo.setPhotoState(tx, photoId, action);
      if (found) this.events.publishOnCommit(tx, 'users.changed', { userIds: [found] });
      return found;
    });
    if (!owner) throw new AppError('not_found', { params: { of: 'moderated_photo' } });
    this.metrics.adminPhotoDecisions.inc({ action });
    // Which photo is the main one may have changed (the photo badge is checked against it).
    this.events.emit('photos.changed', { memberId: owner });
    await this.audit(admin, `photo.${action}`, photoId, { owner });
    await this.leaderboard.memberChanged(owner);
  }

  async reports(): Promise<AdminReport[]> {
    const rows = await repo.listReports(this.db);
    return Promise.all(
      rows.map(async (r) => ({
        id: r.id,
        photo_id: r.photo_id,
        message_id: r.message_id,
        reporter: r.reporter_name ?? (r.channel === 'notice' ? 'Ohne Konto gemeldet' : 'Gelöschtes Profil'),
        reason: Object.hasOwn(allReasons, r.reason) ? allReasons[r.reason as AnyReason] : r.reason,
        details: r.details,
        reported: r.reported_id ? { id: r.reported_id, name: r.reported_name ?? '' } : null,
        status: r.status,
        created_at: r.created_at.toISOString(),
        photo: r.photo_id && r.photo_status ? await this.reportedPhoto(r.photo_id, r.photo_status, r.photo_disabled === true) : null,
        channel: r.channel,
        category: Object.hasOwn(allReasons, r.reason) ? categoryOf(r.reason as AnyReason) : 'house_rules',
        good_faith: r.good_faith,
        evidence: evidenceOf(r.evidence),
        note: r.reporter_note,
      })),
    );
  }

  private async reportedPhoto(id: string, status: string, disabled: boolean): Promise<ReportedPhoto> {
    return { id, thumbUrl: await this.photos.moderationThumb(id), moderation_status: status, disabled };
  }

  /** The decision, and the reporter told in the same transaction (safety's ReportOutcomes). */
  async resolveReport(admin: Admin, id: string, status: 'resolved' | 'dismissed', note?: string): Promise<void> {
    const reporterTold = await this.reportOutcomes.decide({ reportId: id, status, adminId: admin.id, note });
    if (!reporterTold) throw new AppError('not_found', { params: { of: 'report' } });
    await this.audit(admin, `report.${status}`, id, { reporterTold, note: Boolean(note?.trim()) });
  }

  /** Suspension: sessions end at once (sockets disconnect), the member leaves feed, leaderboard and inboxes. */
  async suspend(admin: Admin, memberId: string, suspended: boolean): Promise<void> {
    if (memberId === admin.id) throw new AppError('self_suspend');
    const revoked = await this.db.transaction(async (tx) => {
      if (!(await repo.setSuspended(tx, memberId, suspended))) throw new AppError('not_found', { params: { of: 'account' } });
      this.sessions.memberChanged(tx, memberId);
      return suspended ? this.sessions.revokeAllOf(tx, memberId) : [];
    });
    this.sessions.announceRevoked(revoked);
    await this.leaderboard.accountChanged();
    await this.audit(admin, suspended ? 'user.suspend' : 'user.unsuspend', memberId, {});
  }

  async auditLog(): Promise<AuditEntry[]> {
    const rows = await repo.listAudit(this.db, 200);
    const members = await auditMemberNames(this.db, rows);
    return rows.map((r, i) => ({ id: r.id, admin: r.admin_email, action: r.action, target: r.target, member: members[i] ?? null, details: r.details, created_at: r.created_at.toISOString() }));
  }

  /** Writes an admin action that another module served (announced as 'admin.acted') to the audit log. */
  record(admin: Admin, action: string, target: string, details: object): Promise<void> {
    return this.audit(admin, action, target, details);
  }

  private audit(admin: Admin, action: string, target: string, details: object): Promise<void> {
    return repo.insertAudit(this.db, { adminId: admin.id, adminEmail: admin.email, action, target, details });
  }
}
