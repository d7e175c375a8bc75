import type { Queryable } from '../../db/client.js';
import { now, typed } from '../../db/kysely.js';

export interface EscrowQueueDepth {
  /** Prepaid replies still held in escrow. */
  open: number;
  /** Open past their expiry: the refund job is behind. */
  overdue: number;
}

export async function escrowQueueDepth(q: Queryable): Promise<EscrowQueueDepth> {
  const row = await typed(q)
    .selectFrom('escrows')
    .select((eb) => [
      eb.fn.countAll<number>().as('open'),
      eb.fn.countAll<number>().filterWhere('expires_at', '<=', now()).as('overdue'),
    ])
    .where('status', '=', 'open')
    .executeTakeFirst();
  return { open: row?.open ?? 0, overdue: row?.overdue ?? 0 };
}
