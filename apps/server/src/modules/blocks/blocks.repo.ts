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

export async function deleteBlock(q: Queryable, blocker: string, blocked: string): Promise<void> {
  await typed(q).deleteFrom('blocks').where('blocker_id', '=', blocker).where('blocked_id', '=', blocked).execute();
}
