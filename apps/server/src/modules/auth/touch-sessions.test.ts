import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDb } from '../../../test/test-db.js';
import { createPostgresDb, type Db } from '../../db/client.js';
import { touchSessions } from './sessions.repo.js';

let db: Db;
let url: string | undefined;
let drop: () => Promise<void>;
const MEMBERS = 200;
/** Two sessions per member: a member's two devices may be marked in different batches. */
let sessions: { id: string; userId: string }[] = [];

beforeAll(async () => {
  ({ db, url, drop } = await createTestDb());
  sessions = Array.from({ length: MEMBERS }, () => randomUUID()).flatMap((userId) => [
    { id: randomUUID(), userId },
    { id: randomUUID(), userId },
  ]);
  const users = [...new Set(sessions.map((s) => s.userId))];
  await db.query(`INSERT INTO users (id, email, display_name) SELECT id, id::text || '@example.org', 'Mitglied' FROM unnest($1::uuid[]) id`, [users]);
  await db.query(
    `INSERT INTO sessions (id, user_id, token_hash, expires_at, last_seen_at)
     SELECT s.id, s.user_id, s.id::text, now() + interval '1 day', now() - interval '1 hour' FROM unnest($1::uuid[], $2::uuid[]) AS s (id, user_id)`,
    [sessions.map((s) => s.id), sessions.map((s) => s.userId)],
  );
});
afterAll(() => drop());

function shuffled<T>(items: readonly T[]): T[] {
  const a = [...items];
  for (let i = a.length - 1; i > 0; i--) {
    const j = Math.floor(Math.random() * (i + 1));
    [a[i], a[j]] = [a[j] as T, a[i] as T];
  }
  return a;
}

describe('the last-seen write', () => {
  it("updates a member's row in place: a HOT update, no new index entry", async () => {
    // First in the file: on PGlite the transaction's counts include what earlier statements left unflushed.
    const member = sessions.filter((s) => s.userId === sessions[0]?.userId).map((s) => s.id);
    const counts = await db.transaction(async (tx) => {
      const members = await touchSessions(tx, member);
      const [users] = await tx.query<{ updated: number; hot: number }>(
        "SELECT n_tup_upd::int AS updated, n_tup_hot_upd::int AS hot FROM pg_stat_xact_user_tables WHERE relname = 'users'",
      );
      return { members: members.length, ...users };
    });
    expect(counts).toEqual({ members: 1, updated: 1, hot: 1 });
  });
});

describe('last-seen writes from several processes at once', () => {
  it('never deadlock: overlapping batches in any order all commit, and every member is marked', async () => {
    // On PostgreSQL a second pool stands for a second server process; PGlite has one connection (one process).
    const other = url ? createPostgresDb(url) : db;
    try {
      const rounds = await Promise.all(
        Array.from({ length: 16 }, (_, i) => {
          const batch = shuffled(sessions).slice(0, 300).map((s) => s.id);
          return touchSessions(i % 2 ? other : db, batch);
        }),
      );
      for (const members of rounds) expect(new Set(members).size).toBe(members.length);
      const [stale] = await db.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM sessions s JOIN users u ON u.id = s.user_id
          WHERE s.id = ANY($1::uuid[]) AND (u.last_active_at IS NULL OR u.last_active_at < now() - interval '1 minute')`,
        [sessions.map((s) => s.id)],
      );
      expect(stale?.n).toBe(0);
    } finally {
      if (other !== db) await other.close();
    }
  });
});
