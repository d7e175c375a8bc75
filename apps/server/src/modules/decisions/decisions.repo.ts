import { sql } from 'kysely';
import type { DecisionKind, ObjectionStatus } from '@funkeln/contracts/decisions';
import type { Queryable } from '../../db/client.js';
import { now, typed } from '../../db/kysely.js';

export interface NewDecision {
  id: string;
  memberId: string;
  kind: DecisionKind;
  objectId: string;
  objectText: string;
  facts: string;
  rule: string;
  automatedDetection: boolean;
  automatedDecision: boolean;
  decidedBy: string | null;
  tokenHash: string;
  months: number;
}

/** Inserts a statement; its objection period ends `months` after the database's now(). Answers its times. */
export async function insertDecision(q: Queryable, d: NewDecision) {
  return typed(q)
    .insertInto('decisions')
    .values({
      id: d.id,
      user_id: d.memberId,
      kind: d.kind,
      object_id: d.objectId,
      object_text: d.objectText,
      facts: d.facts,
      rule: d.rule,
      automated_detection: d.automatedDetection,
      automated_decision: d.automatedDecision,
      decided_by: d.decidedBy,
      token_hash: d.tokenHash,
      objection_until: sql<Date>`now() + make_interval(months => ${d.months})`,
    })
    .returning(['created_at', 'objection_until'])
    .executeTakeFirstOrThrow();
}

/** Decisions `d` with their objection (where there is one) and whether the period is still open. */
function withObjection(q: Queryable) {
  return typed(q)
    .selectFrom('decisions as d')
    .leftJoin('objections as o', 'o.decision_id', 'd.id')
    .select(['d.id', 'd.user_id', 'd.kind', 'd.object_id', 'd.object_text', 'd.facts', 'd.rule', 'd.automated_detection', 'd.automated_decision'])
    .select(['d.created_at', 'd.objection_until', sql<boolean>`d.objection_until > now()`.as('open')])
    .select(['o.id as objection_id', 'o.body as objection_text', 'o.status as objection_status', 'o.answer', 'o.created_at as objected_at', 'o.decided_at']);
}

export type DecisionRow = Awaited<ReturnType<ReturnType<typeof withObjection>['execute']>>[number];

export function listByMember(q: Queryable, memberId: string, limit: number): Promise<DecisionRow[]> {
  return withObjection(q).where('d.user_id', '=', memberId).orderBy('d.created_at', 'desc').orderBy('d.id', 'desc').limit(limit).execute();
}

export function findOwn(q: Queryable, memberId: string, id: string): Promise<DecisionRow | undefined> {
  return withObjection(q).where('d.user_id', '=', memberId).where('d.id', '=', id).executeTakeFirst();
}

/** The decision a link's token hash names while its objection period runs (the link's life). */
export function findLiveByTokenHash(q: Queryable, tokenHash: string): Promise<DecisionRow | undefined> {
  return withObjection(q).where('d.token_hash', '=', tokenHash).where('d.objection_until', '>', now()).executeTakeFirst();
}

/** One objection per decision: a second (or parallel) one inserts nothing. Answers whether this one was new. */
export async function insertObjection(q: Queryable, o: { id: string; decisionId: string; text: string }): Promise<boolean> {
  const rows = await typed(q)
    .insertInto('objections')
    .values({ id: o.id, decision_id: o.decisionId, body: o.text })
    .onConflict((oc) => oc.column('decision_id').doNothing())
    .returning('id')
    .execute();
  return rows.length === 1;
}

/** Open objections first (oldest first), then the latest decided ones. */
export function listObjections(q: Queryable, limit: number) {
  return withObjection(q)
    .leftJoin('users as u', 'u.id', 'd.user_id')
    .where('o.id', 'is not', null)
    .select(['u.display_name as member_name'])
    .orderBy(sql`(o.status = 'open')`, 'desc')
    .orderBy(sql`CASE WHEN o.status = 'open' THEN o.created_at END`, 'asc')
    .orderBy('o.decided_at', 'desc')
    .limit(limit)
    .execute();
}

/** Decides an open objection once: answers its decision, undefined when it is unknown or already decided. */
export async function decideObjection(q: Queryable, id: string, d: { status: Exclude<ObjectionStatus, 'open'>; answer: string; adminId: string }) {
  return typed(q)
    .updateTable('objections')
    .set({ status: d.status, answer: d.answer, decided_by: d.adminId, decided_at: now() })
    .where('id', '=', id)
    .where('status', '=', 'open')
    .returning('decision_id')
    .executeTakeFirst();
}

export async function objectionExists(q: Queryable, id: string): Promise<boolean> {
  return (await typed(q).selectFrom('objections').select('id').where('id', '=', id).executeTakeFirst()) !== undefined;
}

export function findById(q: Queryable, id: string): Promise<DecisionRow | undefined> {
  return withObjection(q).where('d.id', '=', id).executeTakeFirst();
}

/** Whether a later decision concerns the same object (photo, account or message) of the same member. */
export async function hasNewerOnObject(q: Queryable, d: Pick<DecisionRow, 'id' | 'user_id' | 'object_id' | 'created_at'>): Promise<boolean> {
  const row = await typed(q)
    .selectFrom('decisions')
    .select('id')
    .where('user_id', '=', d.user_id)
    .where('object_id', '=', d.object_id)
    .where('id', '!=', d.id)
    .where('created_at', '>', d.created_at)
    .executeTakeFirst();
  return row !== undefined;
}
