import type { Queryable } from '../../db/client.js';

export type BadgeRow = { user_id: string; kind: string; scope: string; awarded_at: Date };

/** Badges of these members, oldest first (awarded by triggers in migration 006 and the Top10 freeze). */
export function badgesOf(q: Queryable, userIds: string[]): Promise<BadgeRow[]> {
  return q.query<BadgeRow>('SELECT user_id, kind, scope, awarded_at FROM badges WHERE user_id = ANY($1::uuid[]) ORDER BY awarded_at, kind, scope', [userIds]);
}
