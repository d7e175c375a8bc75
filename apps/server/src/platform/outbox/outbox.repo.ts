import { sql } from 'kysely';
import type { Queryable } from '../../db/client.js';
import { now, secondsFromNow, typed } from '../../db/kysely.js';

/**
 * The outboxes: rows waiting for a delivery, with the same columns for claiming and retrying
 * (attempts, next_attempt_at, locked_until, sent_at, failed_at, last_error). Every one of them is
 * drained through this file and OutboxWorker: one claim, lease, backoff and dead-letter path.
 */
export type OutboxTable = 'mail_outbox' | 'push_outbox' | 'event_outbox';

export interface ClaimOptions {
  leaseSeconds: number;
  /** False: first attempts only (the worker's retry slots are taken). First attempts always go before retries. */
  retries: boolean;
  /**
   * A column whose rows go one at a time and in order: a row waits while an older one with the same
   * value is undelivered (push: a device's pushes), so one stuck key holds one worker at most.
   */
  serialBy?: 'subscription_id';
}

/**
 * Takes one due row under a lease (`FOR UPDATE SKIP LOCKED`: processes never take the same row)
 * and counts the attempt; a row whose lease ran out (its process died) is due again. Answers the
 * statement so far, a CTE `claimed` (id, attempts): each outbox selects what it delivers from it.
 */
export function claimDue(q: Queryable, table: OutboxTable, o: ClaimOptions) {
  return typed(q).with('claimed', (db) =>
    db
      .updateTable(table)
      .set((eb) => ({ locked_until: secondsFromNow(o.leaseSeconds), attempts: eb('attempts', '+', 1) }))
      .where('id', 'in', (eb) =>
        eb
          .selectFrom(table)
          .select('id')
          .where('sent_at', 'is', null)
          .where('failed_at', 'is', null)
          .where('next_attempt_at', '<=', now())
          .where((w) => w.or([w('locked_until', 'is', null), w('locked_until', '<', now())]))
          .$if(!o.retries, (qb) => qb.where('attempts', '=', 0))
          .$if(o.serialBy !== undefined, (qb) => qb.where(olderUndelivered(table, o.serialBy ?? 'subscription_id')))
          .orderBy(sql`attempts > 0`)
          .orderBy('id')
          .limit(1)
          .forUpdate()
          .skipLocked(),
      )
      .returning(['id', 'attempts']),
  );
}

/** No older undelivered row with the same `column` (the builder cannot alias a table chosen at run time). */
function olderUndelivered(table: OutboxTable, column: string) {
  const t = sql.table(table);
  const c = sql.ref(column);
  return sql<boolean>`not exists (select 1 from ${t} as older where older.${c} = ${t}.${c} and older.id < ${t}.id and older.sent_at is null and older.failed_at is null)`;
}

/** A delivered row's columns: it stays for its retention (pruneOutbox), never claimed again. */
export function doneValues() {
  return { sent_at: now(), locked_until: null, last_error: null };
}

/** Rows delivered meanwhile, marked in one statement (one text whatever their number). */
export async function markOutboxDone(q: Queryable, table: OutboxTable, ids: readonly number[]): Promise<void> {
  await typed(q).updateTable(table).set(doneValues()).where(idAmong(ids)).execute();
}

/** `id` is one of these outbox ids, as one bigint[] parameter: one statement text whatever their number. */
export const idAmong = (ids: readonly number[]) => sql<boolean>`id = ANY(${ids}::bigint[])`;

/** Releases a claimed row after a failed try: again after `retryInSeconds`, or given up (dead letter) when that is null. */
export async function markOutboxFailed(q: Queryable, table: OutboxTable, id: number, error: string, retryInSeconds: number | null): Promise<void> {
  const outcome = retryInSeconds === null ? { failed_at: now() } : { next_attempt_at: secondsFromNow(retryInSeconds), failed_at: null };
  await typed(q)
    .updateTable(table)
    .set({ locked_until: null, last_error: error.slice(0, 500), ...outcome })
    .where('id', '=', id)
    .execute();
}

/** How long delivered and given-up rows are kept, in days. */
export interface Retention {
  sentDays: number;
  failedDays: number;
}

/** Deletes delivered and given-up rows past their retention; answers how many. */
export async function pruneOutbox(q: Queryable, table: OutboxTable, keep: Retention): Promise<number> {
  const rows = await typed(q)
    .deleteFrom(table)
    .where((eb) =>
      eb.or([
        eb('sent_at', '<', sql<Date>`now() - make_interval(days => ${keep.sentDays})`),
        eb('failed_at', '<', sql<Date>`now() - make_interval(days => ${keep.failedDays})`),
      ]),
    )
    .returning('id')
    .execute();
  return rows.length;
}

export interface OutboxDepth {
  /** Waiting for a (first or next) delivery attempt. */
  pending: number;
  /** Given up after the last retry (dead letters); a human has to look. */
  failed: number;
}

/** Both counts read a partial index with the same predicate (<table>_due_idx, <table>_failed_idx). */
export async function outboxDepth(q: Queryable, table: OutboxTable): Promise<OutboxDepth> {
  const row = await typed(q)
    .selectNoFrom((eb) => [
      eb.selectFrom(table).select((c) => c.fn.countAll<number>().as('n')).where('sent_at', 'is', null).where('failed_at', 'is', null).as('pending'),
      eb.selectFrom(table).select((c) => c.fn.countAll<number>().as('n')).where('failed_at', 'is not', null).as('failed'),
    ])
    .executeTakeFirst();
  return { pending: row?.pending ?? 0, failed: row?.failed ?? 0 };
}
