import type { Queryable } from '../../db/client.js';

export type SwipeKind = 'like' | 'flirt' | 'skip';

export interface SwipeRow {
  id: string;
  actor_id: string;
  target_id: string;
  kind: SwipeKind;
  created_at: Date;
}

export async function findSwipe(q: Queryable, actorId: string, targetId: string): Promise<SwipeRow | undefined> {
  const rows = await q.query<SwipeRow & Record<string, unknown>>(
    'SELECT id, actor_id, target_id, kind, created_at FROM swipes WHERE actor_id = $1 AND target_id = $2 FOR UPDATE',
    [actorId, targetId],
  );
  return rows[0];
}

export async function insertSwipe(q: Queryable, s: { id: string; actorId: string; targetId: string; kind: SwipeKind }): Promise<void> {
  await q.query(
    `INSERT INTO swipes (id, actor_id, target_id, kind) VALUES ($1, $2, $3, $4)
     ON CONFLICT (actor_id, target_id) DO NOTHING`,
    [s.id, s.actorId, s.targetId, s.kind],
  );
}

export async function updateSwipeKind(q: Queryable, id: string, kind: SwipeKind): Promise<void> {
  await q.query('UPDATE swipes SET kind = $2, created_at = now() WHERE id = $1', [id, kind]);
}

export async function deleteSwipe(q: Queryable, id: string): Promise<void> {
  await q.query('DELETE FROM swipes WHERE id = $1', [id]);
}

/** The viewer's newest like or skip of the last `seconds` seconds. */
export async function findUndoableSwipe(q: Queryable, actorId: string, seconds: number): Promise<SwipeRow | undefined> {
  const rows = await q.query<SwipeRow & Record<string, unknown>>(
    `SELECT id, actor_id, target_id, kind, created_at FROM swipes
      WHERE actor_id = $1 AND kind IN ('like', 'skip') AND created_at > now() - make_interval(secs => $2)
      ORDER BY created_at DESC LIMIT 1 FOR UPDATE`,
    [actorId, seconds],
  );
  return rows[0];
}

export async function likesBack(q: Queryable, actorId: string, targetId: string): Promise<boolean> {
  const rows = await q.query(
    "SELECT 1 FROM swipes WHERE actor_id = $1 AND target_id = $2 AND kind IN ('like', 'flirt')",
    [actorId, targetId],
  );
  return rows.length > 0;
}

const pair = (a: string, b: string): [string, string] => (a < b ? [a, b] : [b, a]);

/** Creates the match once; true only for the call that created it. */
export async function insertMatch(q: Queryable, a: string, b: string): Promise<boolean> {
  const rows = await q.query('INSERT INTO matches (user_a, user_b) VALUES ($1, $2) ON CONFLICT DO NOTHING RETURNING user_a', pair(a, b));
  return rows.length > 0;
}

export async function matchExists(q: Queryable, a: string, b: string): Promise<boolean> {
  return (await q.query('SELECT 1 FROM matches WHERE user_a = $1 AND user_b = $2', pair(a, b))).length > 0;
}

export async function deleteMatch(q: Queryable, a: string, b: string): Promise<boolean> {
  return (await q.query('DELETE FROM matches WHERE user_a = $1 AND user_b = $2 RETURNING user_a', pair(a, b))).length > 0;
}

export interface MatchRow {
  user_id: string;
  name: string;
  matched_at: Date;
}

/** The member's matches, newest first, without anyone blocked in either direction or suspended. */
export function listMatches(q: Queryable, userId: string): Promise<MatchRow[]> {
  return q.query<MatchRow & Record<string, unknown>>(
    `SELECT u.id AS user_id, u.display_name AS name, m.created_at AS matched_at
       FROM matches m JOIN users u ON u.id = CASE WHEN m.user_a = $1 THEN m.user_b ELSE m.user_a END AND u.suspended_at IS NULL
      WHERE (m.user_a = $1 OR m.user_b = $1)
        AND NOT EXISTS (SELECT 1 FROM blocks b WHERE (b.blocker_id = $1 AND b.blocked_id = u.id) OR (b.blocker_id = u.id AND b.blocked_id = $1))
      ORDER BY m.created_at DESC`,
    [userId],
  );
}

export interface FlirtRow {
  id: string;
  actor_id: string;
  created_at: Date;
}

/** A flirt `s` still anonymous: not answered with a match, no block either way, its sender not suspended. */
const OPEN_FLIRT = `s.kind = 'flirt'
        AND NOT EXISTS (SELECT 1 FROM users u WHERE u.id = s.actor_id AND u.suspended_at IS NOT NULL)
        AND NOT EXISTS (SELECT 1 FROM matches m WHERE m.user_a = LEAST(s.actor_id, s.target_id) AND m.user_b = GREATEST(s.actor_id, s.target_id))
        AND NOT EXISTS (SELECT 1 FROM blocks b WHERE (b.blocker_id = s.target_id AND b.blocked_id = s.actor_id)
                                               OR (b.blocker_id = s.actor_id AND b.blocked_id = s.target_id))`;

/** Flirts received and not yet answered with a match; blocked senders left out. */
export function listReceivedFlirts(q: Queryable, userId: string): Promise<FlirtRow[]> {
  return q.query<FlirtRow & Record<string, unknown>>(
    `SELECT s.id, s.actor_id, s.created_at FROM swipes s
      WHERE s.target_id = $1 AND ${OPEN_FLIRT}
      ORDER BY s.created_at DESC LIMIT 200`,
    [userId],
  );
}

/** A flirt as listReceivedFlirts shows it, by id alone (its blurred thumbnail's link). */
export async function findOpenFlirt(q: Queryable, flirtId: string): Promise<FlirtRow | undefined> {
  const rows = await q.query<FlirtRow & Record<string, unknown>>(`SELECT s.id, s.actor_id, s.created_at FROM swipes s WHERE s.id = $1 AND ${OPEN_FLIRT}`, [
    flirtId,
  ]);
  return rows[0];
}

export async function findReceivedFlirt(q: Queryable, flirtId: string, userId: string): Promise<FlirtRow | undefined> {
  const rows = await q.query<FlirtRow & Record<string, unknown>>(
    "SELECT id, actor_id, created_at FROM swipes WHERE id = $1 AND target_id = $2 AND kind = 'flirt'",
    [flirtId, userId],
  );
  return rows[0];
}

export async function isBlockedEitherWay(q: Queryable, a: string, b: string): Promise<boolean> {
  const rows = await q.query(
    'SELECT 1 FROM blocks WHERE (blocker_id = $1 AND blocked_id = $2) OR (blocker_id = $2 AND blocked_id = $1)',
    [a, b],
  );
  return rows.length > 0;
}

export async function insertBlock(q: Queryable, blocker: string, blocked: string): Promise<void> {
  await q.query('INSERT INTO blocks (blocker_id, blocked_id) VALUES ($1, $2) ON CONFLICT DO NOTHING', [blocker, blocked]);
}

export async function deleteBlock(q: Queryable, blocker: string, blocked: string): Promise<void> {
  await q.query('DELETE FROM blocks WHERE blocker_id = $1 AND blocked_id = $2', [blocker, blocked]);
}

export async function findMember(q: Queryable, id: string): Promise<{ id: string; name: string; is_demo: boolean } | undefined> {
  const rows = await q.query<{ id: string; name: string; is_demo: boolean }>(
    'SELECT id, display_name AS name, is_demo FROM users WHERE id = $1',
    [id],
  );
  return rows[0];
}
