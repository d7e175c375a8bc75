import type { Queryable } from '../../db/client.js';

/** Whether `from` has ever written to `to`. */
export async function hasWritten(q: Queryable, from: string, to: string): Promise<boolean> {
  const rows = await q.query('SELECT 1 FROM messages WHERE sender_id = $1 AND recipient_id = $2 LIMIT 1', [from, to]);
  return rows.length > 0;
}

/** The daily login reward can be claimed: the address is confirmed and no claim exists for this Berlin day. */
export async function loginRewardOpen(q: Queryable, userId: string, today: string): Promise<boolean> {
  const rows = await q.query<{ open: boolean }>(
    `SELECT u.email_verified AND NOT EXISTS (SELECT 1 FROM reward_claims c WHERE c.user_id = u.id AND c.kind = 'login' AND c.period = $2) AS open
       FROM users u WHERE u.id = $1`,
    [userId, today],
  );
  return rows[0]?.open === true;
}
