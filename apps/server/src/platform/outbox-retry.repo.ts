import type { Queryable } from '../db/client.js';

/** The outboxes that retry with backoff and give up (platform/mail and modules/push share the columns). */
export type OutboxTable = 'mail_outbox' | 'push_outbox';

/** Releases a claimed row after a failed try: again after `retryInSeconds`, or given up when that is null. */
export async function markOutboxFailed(q: Queryable, table: OutboxTable, id: number, error: string, retryInSeconds: number | null): Promise<void> {
  await q.query(
    `UPDATE ${table} SET locked_until = NULL, last_error = $2,
       next_attempt_at = CASE WHEN $3::int IS NULL THEN next_attempt_at ELSE now() + make_interval(secs => $3::int) END,
       failed_at = CASE WHEN $3::int IS NULL THEN now() ELSE NULL END
     WHERE id = $1`,
    [id, error.slice(0, 500), retryInSeconds],
  );
}
