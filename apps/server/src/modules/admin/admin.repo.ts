import { sql } from 'kysely';
import type { Queryable } from '../../db/client.js';
import { now, typed } from '../../db/kysely.js';
import { USED_TOKEN_RETENTION_DAYS } from './retention.js';

export async function insertAudit(q: Queryable, a: { adminId: string | null; adminEmail: string; action: string; target: string; details: object }): Promise<void> {
  await typed(q)
    .insertInto('audit_log')
    .values({ admin_id: a.adminId, admin_email: a.adminEmail, action: a.action, target: a.target, details: JSON.stringify(a.details) })
    .execute();
}

export function listAudit(q: Queryable, limit: number) {
  return typed(q).selectFrom('audit_log').select(['id', 'admin_email', 'action', 'target', 'details', 'created_at']).orderBy('id', 'desc').limit(limit).execute();
}

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
    .selectFrom('photos as p')
    .innerJoin('users as u', 'u.id', 'p.user_id')
    .select(['p.id', 'p.user_id', 'u.display_name as user_name', 'p.status', 'p.moderation_label', 'p.moderation_scores', 'p.created_at', 'p.face_count'])
    .where('p.status', '=', 'pending')
    .where('p.disabled_at', 'is', null)
    .orderBy('p.created_at')
    .limit(200)
    .execute();
}

/** The photo under a row lock, before an admin's change: owner and state (undefined if unknown). */
export function lockPhoto(q: Queryable, id: string) {
  return typed(q)
    .selectFrom('photos')
    .select(['user_id', 'status', 'moderation_label', 'created_at', sql<boolean>`disabled_at IS NOT NULL`.as('disabled')])
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst();
}

/** enable: approved and visible; disable: hidden everywhere. Returns the owner, undefined if unknown. */
export async function setPhotoState(q: Queryable, id: string, action: 'enable' | 'disable'): Promise<string | undefined> {
  const change = action === 'enable' ? { status: 'approved' as const, disabled_at: null } : { disabled_at: now() };
  const row = await typed(q).updateTable('photos').set(change).where('id', '=', id).returning('user_id').executeTakeFirst();
  return row?.user_id;
}

/** Open reports first; a photo report carries the photo's state (null columns when it is deleted). */
export function listReports(q: Queryable) {
  return typed(q)
    .selectFrom('reports as r')
    .leftJoin('users as rep', 'rep.id', 'r.reporter_id')
    .leftJoin('users as tgt', 'tgt.id', 'r.reported_id')
    .leftJoin('photos as p', 'p.id', 'r.photo_id')
    .select(['r.id', 'r.photo_id', 'r.message_id', 'rep.display_name as reporter_name', 'r.reason', 'r.details', 'r.reported_id'])
    .select(['tgt.display_name as reported_name', 'r.status', 'r.created_at', 'r.channel', 'r.good_faith', 'r.evidence', 'r.reporter_note'])
    .select(['p.status as photo_status', sql<boolean | null>`p.disabled_at IS NOT NULL`.as('photo_disabled')])
    .orderBy(sql`(r.status = 'open')`, 'desc')
    .orderBy('r.created_at', 'desc')
    .limit(200)
    .execute();
}

/** The reported member of each given report that has one (report id -> member id). */
export async function reportedMembers(q: Queryable, reportIds: readonly string[]): Promise<Map<string, string>> {
  if (reportIds.length === 0) return new Map();
  const rows = await typed(q).selectFrom('reports').select(['id', 'reported_id']).where('id', 'in', reportIds).where('reported_id', 'is not', null).execute();
  return new Map(rows.flatMap((r) => (r.reported_id ? [[r.id, r.reported_id] as const] : [])));
}

/** Display names of the given members (deleted ones are missing). */
export async function displayNames(q: Queryable, ids: readonly string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const rows = await typed(q).selectFrom('users').select(['id', 'display_name']).where('id', 'in', ids).execute();
  return new Map(rows.map((r) => [r.id, r.display_name]));
}

/** Whether the account is suspended, under a row lock (undefined if unknown). */
export async function lockAccount(q: Queryable, memberId: string): Promise<{ suspended: boolean } | undefined> {
  const row = await typed(q).selectFrom('users').select(sql<boolean>`suspended_at IS NOT NULL`.as('suspended')).where('id', '=', memberId).forUpdate().executeTakeFirst();
  return row && { suspended: row.suspended };
}

export async function setSuspended(q: Queryable, memberId: string, suspended: boolean): Promise<void> {
  await typed(q)
    .updateTable('users')
    .set({ suspended_at: suspended ? sql<Date>`coalesce(suspended_at, now())` : null, updated_at: now() })
    .where('id', '=', memberId)
    .execute();
}
