import type { AdminReport, AuditEntry, CleanupResponse, PendingPhoto, ReportedPhoto } from '@funkeln/contracts/admin';
import type { RestrictionBody } from '@funkeln/contracts/decisions';
import { allReasons, type AnyReason, categoryOf } from '@funkeln/contracts/safety';
import type { SettingsRecord } from '@funkeln/contracts/settings';
import type { Db } from '../../db/client.js';
import { AppError } from '../../platform/http/errors.js';
import type { Metrics } from '../../platform/metrics/metrics.js';
import type { PhotosService } from '../photos/index.js';
import type { ReportOutcomes } from '../safety/index.js';
import type { SettingsService } from '../settings/index.js';
import * as repo from './admin.repo.js';
import { auditMemberNames } from './audit-members.js';
import { evidenceOf } from './report-evidence.js';
import { type Admin, DEFAULT_RULES, removeMessageIn, type RestrictionDeps, setPhotoIn, setSuspensionIn } from './restrictions.js';

/** What AdminService is built from (named, so no call site depends on an argument order). */
export interface AdminServiceDeps extends RestrictionDeps {
  db: Db;
  settings: SettingsService;
  photos: PhotosService;
  reportOutcomes: ReportOutcomes;
  metrics: Pick<Metrics, 'adminPhotoDecisions'>;
}

/** Everything an admin does, each action written to the audit log with who and when. */
export class AdminService {
  private readonly db: Db;
  private readonly settings: SettingsService;
  private readonly photos: PhotosService;
  private readonly reportOutcomes: ReportOutcomes;
  private readonly metrics: Pick<Metrics, 'adminPhotoDecisions'>;
  private readonly restrictions: RestrictionDeps;

  constructor(deps: AdminServiceDeps) {
    this.db = deps.db;
    this.settings = deps.settings;
    this.photos = deps.photos;
    this.reportOutcomes = deps.reportOutcomes;
    this.metrics = deps.metrics;
    this.restrictions = deps;
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

  /** A disable of a visible photo sends its owner a statement of reasons naming `rule`. */
  async photoAction(admin: Admin, photoId: string, action: 'enable' | 'disable', how: RestrictionBody = {}): Promise<void> {
    const rule = how.rule ?? DEFAULT_RULES.photo;
    const changed = await this.db.transaction((tx) => setPhotoIn(tx, this.restrictions, photoId, action, { admin, rule, facts: how.facts }));
    if (!changed) throw new AppError('not_found', { params: { of: 'moderated_photo' } });
    const { owner, after } = changed;
    this.metrics.adminPhotoDecisions.inc({ action });
    await this.audit(admin, `photo.${action}`, photoId, action === 'disable' ? { owner, rule } : { owner });
    await after();
  }

  /** Removes a message (its sender gets a statement of reasons); a second removal changes nothing. */
  async removeMessage(admin: Admin, messageId: string, how: RestrictionBody = {}): Promise<void> {
    const rule = how.rule ?? DEFAULT_RULES.message;
    const removed = await this.db.transaction((tx) => removeMessageIn(tx, this.restrictions, messageId, { admin, rule, facts: how.facts }));
    if (removed) await this.audit(admin, 'message.remove', messageId, { rule });
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

  /** Suspension: sessions end at once (sockets disconnect), the member leaves feed, leaderboard and inboxes, and gets a statement of reasons. */
  async suspend(admin: Admin, memberId: string, suspended: boolean, how: RestrictionBody = {}): Promise<void> {
    if (memberId === admin.id) throw new AppError('self_suspend');
    const rule = how.rule ?? DEFAULT_RULES.suspend;
    const after = await this.db.transaction((tx) => setSuspensionIn(tx, this.restrictions, memberId, suspended, { admin, rule, facts: how.facts }));
    await after();
    await this.audit(admin, suspended ? 'user.suspend' : 'user.unsuspend', memberId, suspended ? { rule } : {});
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
