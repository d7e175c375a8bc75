import { sql } from 'kysely';
import type { Queryable } from '../../db/client.js';
import { now, typed } from '../../db/kysely.js';

/** The owner of a photo another member may see (approved, enabled), or undefined. */
export async function visiblePhotoOwner(q: Queryable, photoId: string): Promise<string | undefined> {
  const row = await typed(q)
    .selectFrom('photos')
    .select('user_id')
    .where('id', '=', photoId)
    .where('status', '=', 'approved')
    .where('disabled_at', 'is', null)
    .executeTakeFirst();
  return row?.user_id;
}

/** The sender of a message the reporter received, or undefined. */
export async function receivedMessageSender(q: Queryable, messageId: string, reporterId: string): Promise<string | null | undefined> {
  const row = await typed(q).selectFrom('messages').select('sender_id').where('id', '=', messageId).where('recipient_id', '=', reporterId).executeTakeFirst();
  return row === undefined ? undefined : row.sender_id;
}

/** What a report row holds besides its target (both doors: a member's report and anyone's notice). */
export interface ReportFacts {
  id: string;
  reporterId: string | null;
  reason: string;
  details: string;
  channel: 'report' | 'notice';
  goodFaith: boolean;
  reporterEmail: string | null;
  evidence: object[] | null;
}

function factValues(r: ReportFacts) {
  return {
    id: r.id,
    reporter_id: r.reporterId,
    reason: r.reason,
    details: r.details,
    channel: r.channel,
    good_faith: r.goodFaith,
    reporter_email: r.reporterEmail,
    evidence: r.evidence === null ? null : JSON.stringify(r.evidence),
  };
}

export async function insertReport(q: Queryable, r: ReportFacts & { reportedId: string | null; photoId?: string; messageId?: string }): Promise<void> {
  await typed(q)
    .insertInto('reports')
    .values({ ...factValues(r), reported_id: r.reportedId, photo_id: r.photoId ?? null, message_id: r.messageId ?? null })
    .execute();
}

/**
 * A notice on a member's profile or photo, stored only when that account exists (hidden and suspended
 * ones included); a photo named by id only when it is that member's; without one, the main photo.
 * One statement whatever the answer, so an unknown id costs the same as a known one.
 */
export async function insertNoticeIfTarget(q: Queryable, r: ReportFacts & { memberId: string; photo: false | { id?: string } }): Promise<void> {
  const k = typed(q);
  const v = factValues(r);
  const photoId = !r.photo
    ? sql<string | null>`NULL::uuid`
    : r.photo.id
      ? k.selectFrom('photos').select('id').where('id', '=', r.photo.id).where('user_id', '=', r.memberId)
      : k.selectFrom('photos').select('id').where('user_id', '=', r.memberId).where('status', '=', 'approved').where('disabled_at', 'is', null).orderBy('position').limit(1);
  const found = k
    .selectFrom('users as u')
    .select([
      sql.val(v.id).as('id'),
      sql<string | null>`${v.reporter_id}::uuid`.as('reporter_id'),
      'u.id as reported_id',
      photoId.as('photo_id'),
      sql.val(v.reason).as('reason'),
      sql.val(v.details).as('details'),
      sql.val(v.channel).as('channel'),
      sql.val(v.good_faith).as('good_faith'),
      sql<string | null>`${v.reporter_email}::text`.as('reporter_email'),
      sql<string | null>`${v.evidence}::jsonb`.as('evidence'),
    ])
    .where('u.id', '=', r.memberId);
  // A photo named by id that is not this member's is no target: nothing is stored.
  const target = r.photo && r.photo.id ? found.where(sql<boolean>`EXISTS (SELECT 1 FROM photos WHERE id = ${r.photo.id} AND user_id = ${r.memberId})`) : found;
  await k
    .insertInto('reports')
    .columns(['id', 'reporter_id', 'reported_id', 'photo_id', 'reason', 'details', 'channel', 'good_faith', 'reporter_email', 'evidence'])
    .expression(target)
    .execute();
}

/** The messages among `ids` that the two members exchanged (either direction), oldest first. */
export function exchangedMessages(q: Queryable, ids: readonly string[], a: string, b: string) {
  return typed(q)
    .selectFrom('messages')
    .select(['id', 'sender_id', 'body', 'created_at'])
    .where('id', 'in', ids)
    .where((e) => e.or([e.and([e('sender_id', '=', a), e('recipient_id', '=', b)]), e.and([e('sender_id', '=', b), e('recipient_id', '=', a)])]))
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}

/** The member's own reports, newest first. */
export function reportsBy(q: Queryable, reporterId: string) {
  return typed(q)
    .selectFrom('reports')
    .select(['id', 'photo_id', 'message_id', 'reason', 'status', 'created_at', 'resolved_at', 'reporter_note'])
    .where('reporter_id', '=', reporterId)
    .orderBy('created_at', 'desc')
    .limit(200)
    .execute();
}

/**
 * Records the decision and returns where to tell the reporter (her confirmed address, or the address
 * a visitor gave, which is then forgotten) and the status before; undefined for an unknown report.
 */
export async function decideReport(q: Queryable, d: { id: string; status: 'resolved' | 'dismissed'; adminId: string; note: string | null }) {
  const k = typed(q);
  const before = await k
    .selectFrom('reports as r')
    .leftJoin('users as u', (j) => j.onRef('u.id', '=', 'r.reporter_id').on('u.email_verified', '=', true))
    .select(['r.status', 'r.reporter_id', 'r.reporter_email', 'r.reason', 'r.created_at', 'r.photo_id', 'r.message_id', 'u.email', 'u.display_name'])
    .where('r.id', '=', d.id)
    .forUpdate('r')
    .executeTakeFirst();
  if (!before) return undefined;
  await k
    .updateTable('reports')
    .set({ status: d.status, resolved_at: now(), resolved_by: d.adminId, reporter_note: d.note, reporter_email: null })
    .where('id', '=', d.id)
    .execute();
  return before;
}

/**
 * Retention: the attached messages go `evidenceDays` after the decision, the whole report `reportDays`
 * after it. Open reports stay until decided.
 */
export async function pruneReports(q: Queryable, evidenceDays: number, reportDays: number): Promise<{ evidenceRemoved: number; reportsDeleted: number }> {
  const k = typed(q);
  const before = (days: number) => sql<Date>`now() - make_interval(days => ${days})`;
  const evidence = await k.updateTable('reports').set({ evidence: null }).where('evidence', 'is not', null).where('resolved_at', '<', before(evidenceDays)).returning('id').execute();
  const reports = await k.deleteFrom('reports').where('resolved_at', '<', before(reportDays)).returning('id').execute();
  return { evidenceRemoved: evidence.length, reportsDeleted: reports.length };
}
