import { berlinToday } from '@funkeln/contracts/profiles';
import { sql } from 'kysely';
import type { Queryable } from '../db/client.js';
import { typed } from '../db/kysely.js';
import type { DemoCompetitor, DemoEntry, DemoVote } from './demo-activity.js';

const VOTE_BATCH = 2000;

/** Demo members in good standing with their main photo (approved, enabled, first by position). */
export async function listCompetitors(q: Queryable): Promise<DemoCompetitor[]> {
  const rows = await typed(q)
    .selectFrom('users as u')
    .innerJoin('photos as p', (j) => j.onRef('p.user_id', '=', 'u.id').on('p.status', '=', 'approved').on('p.disabled_at', 'is', null))
    .distinctOn('u.id')
    .select(['u.id as memberId', 'p.id as photoId'])
    .where('u.is_demo', '=', true)
    .where('u.suspended_at', 'is', null)
    .orderBy('u.id')
    .orderBy('p.position')
    .execute();
  return rows;
}

export async function hasDemoEntries(q: Queryable): Promise<boolean> {
  const row = await typed(q)
    .selectFrom('photo_entries as e')
    .innerJoin('users as u', (j) => j.onRef('u.id', '=', 'e.user_id').on('u.is_demo', '=', true))
    .select(sql<number>`1`.as('found'))
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

export async function insertEntries(q: Queryable, entries: DemoEntry[]): Promise<void> {
  if (entries.length === 0) return;
  await typed(q)
    .insertInto('photo_entries')
    .values(entries.map((e) => ({ user_id: e.memberId, category: e.category, photo_id: null })))
    .onConflict((oc) => oc.columns(['user_id', 'category']).doNothing())
    .execute();
}

/** Whether demo members have voted in this Berlin month (then the month has its demo activity). */
export async function hasDemoVotes(q: Queryable, month: string): Promise<boolean> {
  const row = await typed(q)
    .selectFrom('photo_votes as v')
    .innerJoin('users as u', (j) => j.onRef('u.id', '=', 'v.voter_id').on('u.is_demo', '=', true))
    .select(sql<number>`1`.as('found'))
    .where('v.month', '=', month)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/** The demo members' entries (the votes go to these). */
export function demoEntries(q: Queryable): Promise<DemoEntry[]> {
  return typed(q)
    .selectFrom('photo_entries as e')
    .innerJoin('users as u', (j) => j.onRef('u.id', '=', 'e.user_id').on('u.is_demo', '=', true))
    .select(['e.user_id as memberId', 'e.category'])
    .orderBy('e.user_id')
    .orderBy('e.category')
    .execute();
}

/** Votes in time order (ids follow the clock), then every voted photo's score recounted from its votes. */
export async function insertVotes(q: Queryable, votes: DemoVote[], month: string): Promise<void> {
  const k = typed(q);
  for (let i = 0; i < votes.length; i += VOTE_BATCH) {
    const batch = votes.slice(i, i + VOTE_BATCH);
    await k
      .insertInto('photo_votes')
      .columns(['photo_id', 'owner_id', 'voter_id', 'category', 'month', 'day', 'created_at'])
      .expression(
        sql`SELECT photo, owner, voter, category, ${month}, day, at
              FROM unnest(${batch.map((v) => v.photoId)}::uuid[], ${batch.map((v) => v.ownerId)}::uuid[], ${batch.map((v) => v.voterId)}::uuid[],
                          ${batch.map((v) => v.category)}::text[], ${batch.map((v) => berlinToday(v.at))}::date[], ${batch.map((v) => v.at)}::timestamptz[])
                WITH ORDINALITY AS t(photo, owner, voter, category, day, at, n)
             ORDER BY n`,
      )
      .onConflict((oc) => oc.columns(['photo_id', 'voter_id', 'month']).doNothing())
      .execute();
  }
  const photoIds = [...new Set(votes.map((v) => v.photoId))];
  if (photoIds.length === 0) return;
  // Counted from all of the month's votes that count for these photos (a real member's too, not a
  // suspended or erased voter's, migration 027): the score stays their number.
  await k
    .insertInto('photo_scores')
    .columns(['category', 'month', 'photo_id', 'user_id', 'score', 'reached'])
    .expression(
      sql`SELECT v.category, v.month, v.photo_id, v.owner_id, count(*)::int, max(v.id)
            FROM photo_votes v JOIN users u ON u.id = v.voter_id AND u.suspended_at IS NULL
           WHERE v.month = ${month} AND v.photo_id = ANY(${photoIds}::uuid[])
           GROUP BY v.category, v.month, v.photo_id, v.owner_id`,
    )
    .onConflict((oc) =>
      oc.columns(['category', 'month', 'photo_id']).doUpdateSet((eb) => ({ score: eb.ref('excluded.score'), reached: eb.ref('excluded.reached') })),
    )
    .execute();
}

/** A handful of demo members for a time slot: a different handful each slot, the same one for the slot in every process. */
export async function demoVisitors(q: Queryable, slot: number, limit: number): Promise<string[]> {
  const rows = await typed(q)
    .selectFrom('users')
    .select('id')
    .where('is_demo', '=', true)
    .where('suspended_at', 'is', null)
    .orderBy(sql`md5(id::text || ${String(slot)})`)
    .limit(limit)
    .execute();
  return rows.map((r) => r.id);
}
