import type { Queryable } from '../../db/client.js';

export interface SubscriptionInput {
  userId: string;
  endpoint: string;
  p256dh: string;
  auth: string;
}

/** Stores this device for the member; an endpoint someone else subscribed before moves to them. */
export async function upsertSubscription(q: Queryable, s: SubscriptionInput): Promise<void> {
  await q.query(
    `INSERT INTO push_subscriptions (user_id, endpoint, p256dh, auth) VALUES ($1, $2, $3, $4)
     ON CONFLICT (endpoint) DO UPDATE SET user_id = EXCLUDED.user_id, p256dh = EXCLUDED.p256dh, auth = EXCLUDED.auth, created_at = now()`,
    [s.userId, s.endpoint, s.p256dh, s.auth],
  );
}

/** Keeps the member's newest `keep` devices. */
export async function pruneSubscriptions(q: Queryable, userId: string, keep: number): Promise<void> {
  await q.query(
    `DELETE FROM push_subscriptions WHERE user_id = $1
        AND id NOT IN (SELECT id FROM push_subscriptions WHERE user_id = $1 ORDER BY created_at DESC, id DESC LIMIT $2)`,
    [userId, keep],
  );
}

/** Removes the endpoint only if it is the member's; true when it was. */
export async function deleteSubscription(q: Queryable, userId: string, endpoint: string): Promise<boolean> {
  return (await q.query('DELETE FROM push_subscriptions WHERE user_id = $1 AND endpoint = $2 RETURNING id', [userId, endpoint])).length > 0;
}

export async function deleteSubscriptionById(q: Queryable, id: number): Promise<void> {
  await q.query('DELETE FROM push_subscriptions WHERE id = $1', [id]);
}

/** The other member's name, only when the member chose previews (null otherwise or without an other member). */
export async function previewNameOf(q: Queryable, userId: string, otherId: string | undefined): Promise<string | null> {
  if (!otherId) return null;
  const rows = await q.query<{ name: string }>(
    'SELECT o.display_name AS name FROM users u JOIN users o ON o.id = $2 WHERE u.id = $1 AND u.push_previews',
    [userId, otherId],
  );
  return rows[0]?.name ?? null;
}

/** One outbox row per device of the member. */
export async function enqueuePush(q: Queryable, userId: string, payload: string): Promise<void> {
  await q.query('INSERT INTO push_outbox (subscription_id, payload) SELECT id, $2 FROM push_subscriptions WHERE user_id = $1', [userId, payload]);
}

export interface DuePush {
  id: number;
  subscription_id: number;
  endpoint: string;
  p256dh: string;
  auth: string;
  payload: string;
  attempts: number;
}

/** Claims one due push for this worker under a lease; SKIP LOCKED keeps processes from sending one twice. */
export function claimDuePush(q: Queryable, leaseSeconds: number): Promise<DuePush[]> {
  return q.query<DuePush & Record<string, unknown>>(
    `WITH claimed AS (
       UPDATE push_outbox SET locked_until = now() + make_interval(secs => $1), attempts = attempts + 1
        WHERE id IN (
          SELECT id FROM push_outbox
           WHERE sent_at IS NULL AND failed_at IS NULL AND next_attempt_at <= now()
             AND (locked_until IS NULL OR locked_until < now())
           ORDER BY id LIMIT 1 FOR UPDATE SKIP LOCKED)
        RETURNING id, subscription_id, payload, attempts)
     SELECT c.id::int AS id, c.subscription_id::int AS subscription_id, s.endpoint, s.p256dh, s.auth, c.payload, c.attempts
       FROM claimed c JOIN push_subscriptions s ON s.id = c.subscription_id`,
    [leaseSeconds],
  );
}

export async function markPushSent(q: Queryable, id: number): Promise<void> {
  await q.query('UPDATE push_outbox SET sent_at = now(), locked_until = NULL, last_error = NULL WHERE id = $1', [id]);
}

/** Retention: delivered pushes go after a day, given-up ones after 7 (they hold no more than a title). */
export async function prunePushOutbox(q: Queryable): Promise<number> {
  const rows = await q.query(
    "DELETE FROM push_outbox WHERE sent_at < now() - interval '1 day' OR failed_at < now() - interval '7 days' RETURNING id",
  );
  return rows.length;
}
