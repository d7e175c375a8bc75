import { sql } from 'kysely';
import type { Queryable } from '../../db/client.js';
import { now, typed } from '../../db/kysely.js';
import type { PatternKind } from './screening/scam-detector.js';

/** That `senderId` sent the pattern to `recipientId` (again: the time moves on). */
export async function recordSighting(q: Queryable, senderId: string, pattern: Buffer, recipientId: string): Promise<void> {
  await typed(q)
    .insertInto('message_pattern_sightings')
    .values({ sender_id: senderId, pattern, recipient_id: recipientId })
    .onConflict((oc) => oc.columns(['sender_id', 'pattern', 'recipient_id']).doUpdateSet({ seen_at: now() }))
    .execute();
}

/** Distinct members who got the pattern from `senderId` within the last day. */
export async function recipientsWithinDay(q: Queryable, senderId: string, pattern: Buffer): Promise<number> {
  const row = await typed(q)
    .selectFrom('message_pattern_sightings')
    .select(sql<number>`count(*)::int`.as('n'))
    .where('sender_id', '=', senderId)
    .where('pattern', '=', pattern)
    .where('seen_at', '>', sql<Date>`now() - interval '1 day'`)
    .executeTakeFirst();
  return row?.n ?? 0;
}

/** Raises (or keeps raising) the flag; a dismissed one stays dismissed. */
export async function upsertFlag(q: Queryable, f: { id: string; senderId: string; pattern: Buffer; kind: PatternKind; recipients: number }): Promise<void> {
  await typed(q)
    .insertInto('message_pattern_flags')
    .values({ id: f.id, sender_id: f.senderId, pattern: f.pattern, kind: f.kind, recipients: f.recipients })
    .onConflict((oc) =>
      oc
        .columns(['sender_id', 'pattern'])
        .doUpdateSet((eb) => ({ recipients: sql<number>`GREATEST(${eb.ref('message_pattern_flags.recipients')}, ${eb.ref('excluded.recipients')})`, updated_at: now() }))
        .where('message_pattern_flags.dismissed_at', 'is', null),
    )
    .execute();
}

/** Open flags, newest first, with the member's name (an erased account's flags went with it). */
export function openFlags(q: Queryable, limit: number) {
  return typed(q)
    .selectFrom('message_pattern_flags as f')
    .innerJoin('users as u', 'u.id', 'f.sender_id')
    .select(['f.id', 'f.sender_id', 'u.display_name', 'f.kind', 'f.recipients', 'f.flagged_at', 'f.updated_at'])
    .where('f.dismissed_at', 'is', null)
    .orderBy('f.updated_at', 'desc')
    .orderBy('f.id', 'desc')
    .limit(limit)
    .execute();
}

/** Dismisses an open flag: its member when it was open, `dismissed` when already done, undefined when there is none. */
export async function dismissFlag(q: Queryable, id: string, adminId: string): Promise<{ senderId: string } | 'dismissed' | undefined> {
  const done = await typed(q)
    .updateTable('message_pattern_flags')
    .set({ dismissed_at: now(), dismissed_by: adminId })
    .where('id', '=', id)
    .where('dismissed_at', 'is', null)
    .returning('sender_id')
    .executeTakeFirst();
  if (done) return { senderId: done.sender_id };
  const exists = await typed(q).selectFrom('message_pattern_flags').select('id').where('id', '=', id).executeTakeFirst();
  return exists ? 'dismissed' : undefined;
}

/** Retention (docs/SAFETY.md): sightings after a day, dismissed flags 30 days after their dismissal. */
export async function pruneSightingsAndFlags(q: Queryable): Promise<void> {
  await typed(q).deleteFrom('message_pattern_sightings').where('seen_at', '<=', sql<Date>`now() - interval '1 day'`).execute();
  await typed(q).deleteFrom('message_pattern_flags').where('dismissed_at', '<=', sql<Date>`now() - interval '30 days'`).execute();
}
