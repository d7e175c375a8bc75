import { MAX_NEW_COUNT, type NewCounts, type SeenList } from '@funkeln/contracts/swipes';
import { sql } from 'kysely';
import type { Queryable } from '../../db/client.js';
import { now, typed } from '../../db/kysely.js';
import { matchesOf, openFlirt } from './swipes.repo.js';

const SEEN_COLUMN = { matches: 'matches_seen_at', flirts: 'flirts_seen_at' } as const satisfies Record<SeenList, string>;

/**
 * The member's matches and open flirts newer than her marks, by the lists' own rules (matchesOf,
 * openFlirt: a flirt counts while it is listed, whoever she blocked), at most MAX_NEW_COUNT each.
 */
export async function countNew(q: Queryable, memberId: string): Promise<NewCounts> {
  const k = typed(q);
  const seen = (list: SeenList) => k.selectFrom('users').select(SEEN_COLUMN[list]).where('id', '=', memberId);
  const matches = matchesOf(k, memberId).select('m.user_a').where('m.created_at', '>', seen('matches')).limit(MAX_NEW_COUNT);
  const flirts = k
    .selectFrom('swipes as s')
    .select('s.id')
    .where('s.target_id', '=', memberId)
    .where(openFlirt)
    .where('s.created_at', '>', seen('flirts'))
    .limit(MAX_NEW_COUNT);
  const row = await k
    .selectNoFrom([
      k.selectFrom(matches.as('nm')).select(sql<number>`count(*)::int`.as('n')).as('matches'),
      k.selectFrom(flirts.as('nf')).select(sql<number>`count(*)::int`.as('n')).as('flirts'),
    ])
    .executeTakeFirstOrThrow();
  return { matches: Number(row.matches ?? 0), flirts: Number(row.flirts ?? 0) };
}

/** Everything in the list is seen now; false when the member is gone. */
export async function markSeen(q: Queryable, memberId: string, list: SeenList): Promise<boolean> {
  const row = await typed(q)
    .updateTable('users')
    .set({ [SEEN_COLUMN[list]]: now() })
    .where('id', '=', memberId)
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}
