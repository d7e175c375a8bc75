import { sql } from 'kysely';
import type { Queryable } from '../../db/client.js';
import { now, typed } from '../../db/kysely.js';

export async function insertAudit(q: Queryable, a: { adminId: string; adminEmail: string; action: string; target: string; details: object }): Promise<void> {
  await typed(q)
    .insertInto('audit_log')
    .values({ admin_id: a.adminId, admin_email: a.adminEmail, action: a.action, target: a.target, details: JSON.stringify(a.details) })
    .execute();
}

export function listAudit(q: Queryable, limit: number) {
  return typed(q).selectFrom('audit_log').select(['id', 'admin_email', 'action', 'target', 'details', 'created_at']).orderBy('id', 'desc').limit(limit).execute();
}

/** Used mail tokens are kept this long (for support questions), then pruned. */
export const USED_TOKEN_RETENTION_DAYS = 7;

/** Expired tokens go; used ones are kept USED_TOKEN_RETENTION_DAYS, then pruned. */
export async function cleanupTokens(q: Queryable) {
  const k = typed(q);
  const expired = async (kind: 'verify' | 'reset') =>
    (await k.deleteFrom('auth_tokens').where('kind', '=', kind).where('used_at', 'is', null).where('expires_at', '<', now()).returning('id').execute()).length;
  const used = async (kind: 'verify' | 'reset') =>
    (await k.deleteFrom('auth_tokens').where('kind', '=', kind).where('used_at', '<', sql<Date>`now() - make_interval(days => ${USED_TOKEN_RETENTION_DAYS})`).returning('id').execute()).length;
  return {
    expiredVerifyDeleted: await expired('verify'),
    expiredResetDeleted: await expired('reset'),
    usedVerifyPruned: await used('verify'),
    usedResetPruned: await used('reset'),
  };
}

export function pendingPhotos(q: Queryable) {
  return typed(q)
    .selectFrom('photos')
    .select(['id', 'user_id', 'status', 'moderation_label', 'moderation_scores', 'created_at', 'face_count'])
    .where('status', '=', 'pending')
    .where('disabled_at', 'is', null)
    .orderBy('created_at')
    .limit(200)
    .execute();
}

/** enable: approved and visible; disable: hidden everywhere. Returns the owner, undefined if unknown. */
export async function setPhotoState(q: Queryable, id: string, action: 'enable' | 'disable'): Promise<string | undefined> {
  const change = action === 'enable' ? { status: 'approved' as const, disabled_at: null } : { disabled_at: now() };
  const row = await typed(q).updateTable('photos').set(change).where('id', '=', id).returning('user_id').executeTakeFirst();
  return row?.user_id;
}

export function listReports(q: Queryable) {
  return typed(q)
    .selectFrom('reports as r')
    .leftJoin('users as rep', 'rep.id', 'r.reporter_id')
    .leftJoin('users as tgt', 'tgt.id', 'r.reported_id')
    .select(['r.id', 'r.photo_id', 'r.message_id', 'rep.display_name as reporter_name', 'r.reason', 'r.details', 'r.reported_id'])
    .select(['tgt.display_name as reported_name', 'r.status', 'r.created_at'])
    .orderBy(sql`(r.status = 'open')`, 'desc')
    .orderBy('r.created_at', 'desc')
    .limit(200)
    .execute();
}

export async function resolveReport(q: Queryable, id: string, status: 'resolved' | 'dismissed', adminId: string): Promise<boolean> {
  const rows = await typed(q).updateTable('reports').set({ status, resolved_at: now(), resolved_by: adminId }).where('id', '=', id).returning('id').execute();
  return rows.length === 1;
}

export async function setSuspended(q: Queryable, userId: string, suspended: boolean): Promise<boolean> {
  const rows = await typed(q)
    .updateTable('users')
    .set({ suspended_at: suspended ? now() : null, updated_at: now() })
    .where('id', '=', userId)
    .returning('id')
    .execute();
  return rows.length === 1;
}
