import { sql } from 'kysely';
import type { Queryable } from '../../db/client.js';
import { berlinToday, now, typed } from '../../db/kysely.js';
import { OUTBOX_COLUMNS, type OutgoingMail, outboxSelection } from '../../platform/mail/outbox.repo.js';

/**
 * One statement (no transaction, one round trip): marks `subject` as notified, counts one
 * notification mail today (Europe/Berlin) under `cap`, and enqueues the mail, each step only when
 * the one before it wrote. The mark is taken when there is none or it is older than the member's
 * last activity (their sessions record that at most once a minute); that comparison stays inside
 * the conditional upsert, as a separate read would be racy. `marked` and not `mailed`: over the
 * cap, and the caller releases the mark (this conversation was not mailed about).
 */
export async function claimAndEnqueueMail(q: Queryable, memberId: string, subject: string, cap: number, mail: OutgoingMail): Promise<{ marked: boolean; mailed: boolean }> {
  const row = await typed(q)
    .with('mark', (db) =>
      db
        .insertInto('notification_marks')
        .values({ user_id: memberId, subject })
        .onConflict((oc) =>
          oc
            .columns(['user_id', 'subject'])
            .doUpdateSet({ created_at: now() })
            .where('notification_marks.created_at', '<', (eb) => eb.selectFrom('users').select('last_active_at').where('id', '=', memberId)),
        )
        .returning('user_id'),
    )
    .with('counted', (db) =>
      db
        .insertInto('daily_counters')
        .columns(['user_id', 'kind', 'day', 'count'])
        .expression((eb) => eb.selectFrom('mark').select(['mark.user_id', sql.val('mail:notification').as('kind'), berlinToday().as('day'), sql.lit(1).as('count')]))
        .onConflict((oc) =>
          oc
            .columns(['user_id', 'kind', 'day'])
            .doUpdateSet((eb) => ({ count: eb('daily_counters.count', '+', 1) }))
            .where('daily_counters.count', '<', cap),
        )
        .returning('count'),
    )
    .with('mail', (db) =>
      db
        .insertInto('mail_outbox')
        .columns(OUTBOX_COLUMNS)
        .expression((eb) => eb.selectFrom('counted').select(outboxSelection(mail)))
        .returning('id'),
    )
    .selectNoFrom((eb) => [eb.exists(eb.selectFrom('mark').select('mark.user_id')).as('marked'), eb.exists(eb.selectFrom('mail').select('mail.id')).as('mailed')])
    .executeTakeFirstOrThrow();
  return { marked: Boolean(row.marked), mailed: Boolean(row.mailed) };
}

export async function releaseMark(q: Queryable, memberId: string, subject: string): Promise<void> {
  await typed(q).deleteFrom('notification_marks').where('user_id', '=', memberId).where('subject', '=', subject).execute();
}

/** The member is back: every conversation may notify once more. */
export async function clearMarks(q: Queryable, memberId: string): Promise<void> {
  await typed(q).deleteFrom('notification_marks').where('user_id', '=', memberId).execute();
}
