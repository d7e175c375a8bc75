import type { Queryable } from '../../db/client.js';
import { typed } from '../../db/kysely.js';
import { blockedEitherWay } from './block-filter.js';

export async function isBlockedEitherWay(q: Queryable, a: string, b: string): Promise<boolean> {
  const row = await typed(q).selectNoFrom(blockedEitherWay(a, b).as('blocked')).executeTakeFirstOrThrow();
  return Boolean(row.blocked);
}

export async function insertBlock(q: Queryable, blocker: string, blocked: string): Promise<void> {
  await typed(q).insertInto('blocks').values({ blocker_id: blocker, blocked_id: blocked }).onConflict((oc) => oc.doNothing()).execute();
}

/** The members `blocker` blocked, newest first (at most `limit`), with the name they go by. */
export function listBlocked(q: Queryable, blocker: string, limit: number) {
  return typed(q)
    .selectFrom('blocks as b')
    .innerJoin('users as u', 'u.id', 'b.blocked_id')
    .select(['b.blocked_id as id', 'u.display_name as name', 'b.created_at'])
    .where('b.blocker_id', '=', blocker)
    .orderBy('b.created_at', 'desc')
    .limit(limit)
    .execute();
}

export async function deleteBlock(q: Queryable, blocker: string, blocked: string): Promise<void> {
  await typed(q).deleteFrom('blocks').where('blocker_id', '=', blocker).where('blocked_id', '=', blocked).execute();
}
