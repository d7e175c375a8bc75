/**
 * What the visits left in the database, read after the server stopped: proof that the script did
 * what it says (messages both ways, prepaid replies released by an answer, votes, Digital Friend
 * turns, new likes and matches), not only that the endpoints answered.
 */
import { join } from 'node:path';
import { createPgliteDb, createPostgresDb } from '../../apps/server/src/db/client.js';

export type Outcome = Record<string, number>;

export async function readOutcome(env: Record<string, string>, since: Date): Promise<Outcome> {
  const db = env.DATABASE_URL ? createPostgresDb(env.DATABASE_URL) : createPgliteDb(join(env.DATA_DIR ?? '', 'pglite'));
  try {
    const [row] = await db.query<Record<string, number>>(
      `SELECT (SELECT count(*)::int FROM messages WHERE created_at >= $1) AS messages,
              (SELECT count(*)::int FROM (SELECT 1 FROM messages WHERE created_at >= $1
                  GROUP BY least(sender_id, recipient_id), greatest(sender_id, recipient_id) HAVING count(DISTINCT sender_id) = 2) t) AS two_sided_conversations,
              (SELECT count(*)::int FROM escrows) AS prepaid_replies,
              (SELECT count(*)::int FROM escrows WHERE status = 'released') AS prepaid_released,
              (SELECT count(*)::int FROM swipes WHERE created_at >= $1) AS swipes,
              (SELECT count(*)::int FROM matches WHERE created_at >= $1) AS new_matches,
              (SELECT count(*)::int FROM photo_votes WHERE created_at >= $1) AS votes,
              (SELECT count(*)::int FROM companion_messages WHERE created_at >= $1 AND role = 'user') AS companion_turns`,
      [since],
    );
    return row ?? {};
  } finally {
    await db.close();
  }
}
