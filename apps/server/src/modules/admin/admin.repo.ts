import type { Queryable } from '../../db/client.js';

export async function insertAudit(q: Queryable, a: { adminId: string; adminEmail: string; action: string; target: string; details: object }): Promise<void> {
  await q.query('INSERT INTO audit_log (admin_id, admin_email, action, target, details) VALUES ($1, $2, $3, $4, $5::jsonb)', [
    a.adminId,
    a.adminEmail,
    a.action,
    a.target,
    JSON.stringify(a.details),
  ]);
}

export type AuditRow = { id: number; admin_email: string; action: string; target: string; details: Record<string, unknown>; created_at: Date };
export function listAudit(q: Queryable, limit: number): Promise<AuditRow[]> {
  return q.query<AuditRow>('SELECT id::int AS id, admin_email, action, target, details, created_at FROM audit_log ORDER BY id DESC LIMIT $1', [limit]);
}

/** Expired tokens go; used ones are kept 7 days (for support questions), then pruned. */
export async function cleanupTokens(q: Queryable) {
  const count = async (sql: string, kind: string) => (await q.query(`${sql} RETURNING id`, [kind])).length;
  return {
    expiredVerifyDeleted: await count('DELETE FROM auth_tokens WHERE kind = $1 AND used_at IS NULL AND expires_at < now()', 'verify'),
    expiredResetDeleted: await count('DELETE FROM auth_tokens WHERE kind = $1 AND used_at IS NULL AND expires_at < now()', 'reset'),
    usedVerifyPruned: await count("DELETE FROM auth_tokens WHERE kind = $1 AND used_at < now() - interval '7 days'", 'verify'),
    usedResetPruned: await count("DELETE FROM auth_tokens WHERE kind = $1 AND used_at < now() - interval '7 days'", 'reset'),
  };
}

export type PendingRow = { id: string; user_id: string; status: string; moderation_label: string | null; moderation_scores: Record<string, number>; created_at: Date };
export function pendingPhotos(q: Queryable): Promise<PendingRow[]> {
  return q.query<PendingRow>(
    "SELECT id, user_id, status, moderation_label, moderation_scores, created_at FROM photos WHERE status = 'pending' AND disabled_at IS NULL ORDER BY created_at LIMIT 200",
  );
}

/** enable: approved and visible; disable: hidden everywhere. Returns the owner, undefined if unknown. */
export async function setPhotoState(q: Queryable, id: string, action: 'enable' | 'disable'): Promise<string | undefined> {
  const sql =
    action === 'enable'
      ? "UPDATE photos SET status = 'approved', disabled_at = NULL WHERE id = $1 RETURNING user_id"
      : 'UPDATE photos SET disabled_at = now() WHERE id = $1 RETURNING user_id';
  return (await q.query<{ user_id: string }>(sql, [id]))[0]?.user_id;
}

export type ReportRow = {
  id: string;
  photo_id: string | null;
  message_id: string | null;
  reporter_name: string | null;
  reason: string;
  details: string;
  reported_id: string | null;
  reported_name: string | null;
  status: 'open' | 'resolved' | 'dismissed';
  created_at: Date;
};
export function listReports(q: Queryable): Promise<ReportRow[]> {
  return q.query<ReportRow>(
    `SELECT r.id, r.photo_id, r.message_id, rep.display_name AS reporter_name, r.reason, r.details, r.reported_id,
            tgt.display_name AS reported_name, r.status, r.created_at
       FROM reports r
       LEFT JOIN users rep ON rep.id = r.reporter_id
       LEFT JOIN users tgt ON tgt.id = r.reported_id
      ORDER BY (r.status = 'open') DESC, r.created_at DESC
      LIMIT 200`,
  );
}

export async function resolveReport(q: Queryable, id: string, status: 'resolved' | 'dismissed', adminId: string): Promise<boolean> {
  return (await q.query('UPDATE reports SET status = $2, resolved_at = now(), resolved_by = $3 WHERE id = $1 RETURNING id', [id, status, adminId])).length === 1;
}

export async function setSuspended(q: Queryable, userId: string, suspended: boolean): Promise<boolean> {
  const rows = await q.query('UPDATE users SET suspended_at = CASE WHEN $2 THEN now() END, updated_at = now() WHERE id = $1 RETURNING id', [userId, suspended]);
  return rows.length === 1;
}
