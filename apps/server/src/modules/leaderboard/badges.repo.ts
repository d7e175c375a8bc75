import type { Queryable } from '../../db/client.js';
import { among, typed, uuidArray } from '../../db/kysely.js';

/** Badges of these members, oldest first (awarded by triggers in migration 006 and the Top10 freeze). */
export function badgesOf(q: Queryable, memberIds: string[]) {
  return typed(q)
    .selectFrom('badges')
    .select(['user_id', 'kind', 'scope', 'awarded_at'])
    .where('user_id', '=', among(uuidArray(memberIds)))
    .orderBy('awarded_at')
    .orderBy('kind')
    .orderBy('scope')
    .execute();
}
