import type { Queryable } from '../db/client.js';
import { now, secondsFromNow, typed } from '../db/kysely.js';

/** The outboxes that retry with backoff and give up (platform/mail and modules/push share the columns). */
export type OutboxTable = 'mail_outbox' | 'push_outbox';

/** Releases a claimed row after a failed try: again after `retryInSeconds`, or given up when that is null. */
export async function markOutboxFailed(q: Queryable, table: OutboxTable, id: number, error: string, retryInSeconds: number | null): Promise<void> {
  const outcome = retryInSeconds === null ? { failed_at: now() } : { next_attempt_at: secondsFromNow(retryInSeconds), failed_at: null };
  await typed(q)
    .updateTable(table)
    .set({ locked_until: null, last_error: error.slice(0, 500), ...outcome })
    .where('id', '=', id)
    .execute();
}
