import type { Queryable } from '../../db/client.js';
import { berlinToday, now, typed } from '../../db/kysely.js';

/**
 * Marks `subject` as notified; false if it already was since the member was last active (their
 * sessions record that at most once a minute). A mark older than that activity is taken again.
 * The comparison with `last_active_at` stays inside the conditional upsert: a separate read would be racy.
 */
export async function claimMark(q: Queryable, userId: string, subject: string): Promise<boolean> {
  const row = await typed(q)
    .insertInto('notification_marks')
    .values({ user_id: userId, subject })
    .onConflict((oc) =>
      oc
        .columns(['user_id', 'subject'])
        .doUpdateSet({ created_at: now() })
        .where('notification_marks.created_at', '<', (eb) => eb.selectFrom('users').select('last_active_at').where('id', '=', userId)),
    )
    .returning('user_id')
    .executeTakeFirst();
  return row !== undefined;
}

export async function releaseMark(q: Queryable, userId: string, subject: string): Promise<void> {
  await typed(q).deleteFrom('notification_marks').where('user_id', '=', userId).where('subject', '=', subject).execute();
}

/** The member is back: every conversation may notify once more. */
export async function clearMarks(q: Queryable, userId: string): Promise<void> {
  await typed(q).deleteFrom('notification_marks').where('user_id', '=', userId).execute();
}

/** Counts one notification mail today (Europe/Berlin) unless `cap` are already counted; false then. */
export async function countMail(q: Queryable, userId: string, cap: number): Promise<boolean> {
  if (cap <= 0) return false;
  const row = await typed(q)
    .insertInto('daily_counters')
    .values({ user_id: userId, kind: 'mail:notification', day: berlinToday(), count: 1 })
    .onConflict((oc) =>
      oc
        .columns(['user_id', 'kind', 'day'])
        .doUpdateSet((eb) => ({ count: eb('daily_counters.count', '+', 1) }))
        .where('daily_counters.count', '<', cap),
    )
    .returning('count')
    .executeTakeFirst();
  return row !== undefined;
}
