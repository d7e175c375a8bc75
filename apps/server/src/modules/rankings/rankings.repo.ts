import type { PhotoCategory } from '@funkeln/contracts/rankings';
import type { Queryable } from '../../db/client.js';

export type RankRow = { rank: number; user_id: string; photo_id: string; score: number; name: string };

export async function entriesOf(q: Queryable, userId: string): Promise<PhotoCategory[]> {
  const rows = await q.query<{ category: PhotoCategory }>('SELECT category FROM photo_entries WHERE user_id = $1 ORDER BY category', [userId]);
  return rows.map((r) => r.category);
}

export async function setEntries(q: Queryable, userId: string, categories: PhotoCategory[]): Promise<void> {
  await q.query('DELETE FROM photo_entries WHERE user_id = $1 AND NOT (category = ANY($2::text[]))', [userId, categories]);
  await q.query('INSERT INTO photo_entries (user_id, category) SELECT $1, unnest($2::text[]) ON CONFLICT DO NOTHING', [userId, categories]);
}

/** The photo if it competes in the category: approved, enabled, entered by its owner. */
export async function findVotablePhoto(q: Queryable, photoId: string, category: PhotoCategory): Promise<{ id: string; user_id: string } | undefined> {
  const rows = await q.query<{ id: string; user_id: string }>(
    `SELECT p.id, p.user_id FROM photos p
       JOIN photo_entries e ON e.user_id = p.user_id AND e.category = $2
       JOIN users u ON u.id = p.user_id AND u.suspended_at IS NULL
      WHERE p.id = $1 AND p.status = 'approved' AND p.disabled_at IS NULL`,
    [photoId, category],
  );
  return rows[0];
}

/** The vote's id, or undefined when this voter already voted for the photo this month. */
export async function insertVote(
  q: Queryable,
  v: { photoId: string; ownerId: string; voterId: string; category: PhotoCategory; month: string; day: string; at: Date },
): Promise<number | undefined> {
  const rows = await q.query<{ id: number }>(
    `INSERT INTO photo_votes (photo_id, owner_id, voter_id, category, month, day, created_at) VALUES ($1, $2, $3, $4, $5, $6, $7)
     ON CONFLICT (photo_id, voter_id, month) DO NOTHING RETURNING id::int AS id`,
    [v.photoId, v.ownerId, v.voterId, v.category, v.month, v.day, v.at],
  );
  return rows[0]?.id;
}

/** One more point; the row lock serialises concurrent votes on one photo. Returns the new score. */
export async function addPoint(q: Queryable, s: { category: PhotoCategory; month: string; photoId: string; userId: string; voteId: number }): Promise<number> {
  const rows = await q.query<{ score: number }>(
    `INSERT INTO photo_scores (category, month, photo_id, user_id, score, reached) VALUES ($1, $2, $3, $4, 1, $5)
     ON CONFLICT (category, month, photo_id) DO UPDATE SET score = photo_scores.score + 1, reached = EXCLUDED.reached
     RETURNING score`,
    [s.category, s.month, s.photoId, s.userId, s.voteId],
  );
  return rows[0]!.score;
}

/** The running Top10: photos still approved, enabled and entered; ties to who reached the score first. */
export async function liveTop(q: Queryable, category: PhotoCategory, month: string, limit = 10): Promise<RankRow[]> {
  const rows = await q.query<Omit<RankRow, 'rank'>>(
    `SELECT s.user_id, s.photo_id, s.score, u.display_name AS name
       FROM photo_scores s
       JOIN photos p ON p.id = s.photo_id AND p.status = 'approved' AND p.disabled_at IS NULL
       JOIN photo_entries e ON e.user_id = s.user_id AND e.category = s.category
       JOIN users u ON u.id = s.user_id AND u.suspended_at IS NULL
      WHERE s.category = $1 AND s.month = $2
      ORDER BY s.score DESC, s.reached
      LIMIT $3`,
    [category, month, limit],
  );
  return rows.map((r, i) => ({ ...r, rank: i + 1 }));
}

/** A frozen month: the ranks as they were, without photos removed since. */
export function archivedTop(q: Queryable, category: PhotoCategory, month: string): Promise<RankRow[]> {
  return q.query<RankRow>(
    `SELECT a.rank, a.user_id, a.photo_id, a.score, COALESCE(u.display_name, a.name) AS name
       FROM leaderboard_archive a
       JOIN photos p ON p.id = a.photo_id AND p.status = 'approved' AND p.disabled_at IS NULL
       LEFT JOIN users u ON u.id = a.user_id
      WHERE a.category = $1 AND a.month = $2 AND u.suspended_at IS NULL
      ORDER BY a.rank`,
    [category, month],
  );
}

export async function isFrozen(q: Queryable, month: string): Promise<boolean> {
  return (await q.query('SELECT 1 FROM leaderboard_frozen WHERE month = $1', [month])).length > 0;
}

export async function hasScores(q: Queryable, month: string): Promise<boolean> {
  return (await q.query('SELECT 1 FROM photo_scores WHERE month = $1 LIMIT 1', [month])).length > 0;
}

/** Months before `current` that have scores and are not frozen yet. */
export async function monthsToFreeze(q: Queryable, current: string): Promise<string[]> {
  const rows = await q.query<{ month: string }>(
    `SELECT DISTINCT month FROM photo_scores s WHERE month < $1
        AND NOT EXISTS (SELECT 1 FROM leaderboard_frozen f WHERE f.month = s.month) ORDER BY month`,
    [current],
  );
  return rows.map((r) => r.month);
}

/** Claims a month for freezing; false if another process froze it. */
export async function claimFreeze(q: Queryable, month: string): Promise<boolean> {
  return (await q.query('INSERT INTO leaderboard_frozen (month) VALUES ($1) ON CONFLICT DO NOTHING RETURNING month', [month])).length === 1;
}

export async function archive(q: Queryable, category: PhotoCategory, month: string, rows: RankRow[]): Promise<void> {
  if (rows.length === 0) return;
  await q.query(
    `INSERT INTO leaderboard_archive (category, month, rank, user_id, photo_id, name, score)
     SELECT $1, $2, r, u, p, n, s FROM unnest($3::int[], $4::uuid[], $5::uuid[], $6::text[], $7::int[]) AS t(r, u, p, n, s)`,
    [category, month, rows.map((r) => r.rank), rows.map((r) => r.user_id), rows.map((r) => r.photo_id), rows.map((r) => r.name), rows.map((r) => r.score)],
  );
}

/** The next photo to rate: entered, approved, not the voter's, not voted this month, no block. */
export async function nextCandidate(q: Queryable, voterId: string, category: PhotoCategory, month: string, skip: string[]): Promise<{ photo_id: string; user_id: string; name: string } | undefined> {
  const rows = await q.query<{ photo_id: string; user_id: string; name: string }>(
    `SELECT p.id AS photo_id, p.user_id, u.display_name AS name
       FROM photo_entries e
       JOIN photos p ON p.user_id = e.user_id AND p.status = 'approved' AND p.disabled_at IS NULL
       JOIN users u ON u.id = e.user_id AND u.suspended_at IS NULL
      WHERE e.category = $2 AND e.user_id <> $1
        AND NOT (p.id = ANY($4::uuid[]))
        AND NOT EXISTS (SELECT 1 FROM photo_votes v WHERE v.photo_id = p.id AND v.voter_id = $1 AND v.month = $3)
        AND NOT EXISTS (SELECT 1 FROM blocks b WHERE (b.blocker_id = $1 AND b.blocked_id = p.user_id) OR (b.blocker_id = p.user_id AND b.blocked_id = $1))
      ORDER BY md5(p.id::text || $1::text)
      LIMIT 1`,
    [voterId, category, month, skip],
  );
  return rows[0];
}

/** Whether the member's photo received a vote on this Berlin day (the get_vote reward). */
export async function voteReceivedOn(q: Queryable, userId: string, day: string): Promise<boolean> {
  return (await q.query('SELECT 1 FROM photo_votes WHERE owner_id = $1 AND day = $2::date LIMIT 1', [userId, day])).length > 0;
}
