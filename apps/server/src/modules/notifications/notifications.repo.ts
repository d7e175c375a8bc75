import type { Queryable } from '../../db/client.js';
import type { NotificationKind } from './notification.js';

const KIND_SWITCH: Record<NotificationKind, string> = { match: 'email_on_match', message: 'email_on_message', flirt: 'email_on_flirt' };

/**
 * Marks `subject` as notified; false if it already was since the member was last active (their
 * sessions record that at most once a minute). A mark older than that activity is taken again.
 */
export async function claimMark(q: Queryable, userId: string, subject: string): Promise<boolean> {
  const rows = await q.query(
    `INSERT INTO notification_marks (user_id, subject) VALUES ($1, $2)
     ON CONFLICT (user_id, subject) DO UPDATE SET created_at = now()
      WHERE notification_marks.created_at < (SELECT last_active_at FROM users WHERE id = $1)
     RETURNING 1`,
    [userId, subject],
  );
  return rows.length === 1;
}

export async function releaseMark(q: Queryable, userId: string, subject: string): Promise<void> {
  await q.query('DELETE FROM notification_marks WHERE user_id = $1 AND subject = $2', [userId, subject]);
}

/** The member is back: every conversation may notify once more. */
export async function clearMarks(q: Queryable, userId: string): Promise<void> {
  await q.query('DELETE FROM notification_marks WHERE user_id = $1', [userId]);
}

/** Counts one notification mail today (Europe/Berlin) unless `cap` are already counted; false then. */
export async function countMail(q: Queryable, userId: string, cap: number): Promise<boolean> {
  const rows = await q.query(
    `INSERT INTO daily_counters (user_id, kind, day, count)
     SELECT $1, 'mail:notification', (now() AT TIME ZONE 'Europe/Berlin')::date, 1 WHERE $2::int > 0
     ON CONFLICT (user_id, kind, day) DO UPDATE SET count = daily_counters.count + 1 WHERE daily_counters.count < $2::int
     RETURNING count`,
    [userId, cap],
  );
  return rows.length === 1;
}

/** Switches one kind of notification mail off (idempotent). */
export async function disableMailKind(q: Queryable, userId: string, kind: NotificationKind): Promise<void> {
  await q.query(`UPDATE users SET ${KIND_SWITCH[kind]} = false, updated_at = now() WHERE id = $1`, [userId]);
}
