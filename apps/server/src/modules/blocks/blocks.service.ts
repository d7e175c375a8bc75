import type { BlockedMember } from '@funkeln/contracts/blocks';
import type { Db, Queryable } from '../../db/client.js';
import { AppError } from '../../platform/http/errors.js';
import type { EventBus } from '../../platform/events/events.js';
import { memberExists } from '../auth/index.js';
import * as repo from './blocks.repo.js';

/**
 * Ends the two members' match inside the block's transaction. Swipes owns matches and imports this
 * module's block filter, so the composition root passes swipes' SwipesService.endMatch in rather than
 * this module importing swipes.
 */
export type EndMatch = (tx: Queryable, a: string, b: string) => Promise<void>;

/** What BlocksService is built from (named, so no call site depends on an argument order). */
export interface BlocksServiceDeps {
  db: Db;
  events: EventBus;
  endMatch: EndMatch;
}

/** Blocks listed at most (a member with more lifts the newest first). */
const MAX_LISTED = 500;

export class BlocksService {
  private readonly db: Db;
  private readonly events: EventBus;
  private readonly endMatch: EndMatch;

  constructor(deps: BlocksServiceDeps) {
    this.db = deps.db;
    this.events = deps.events;
    this.endMatch = deps.endMatch;
  }

  /** A block hides both members from each other everywhere at once and ends their match. */
  async block(memberId: string, otherId: string): Promise<void> {
    if (memberId === otherId) throw new AppError('self_block');
    await this.db.transaction(async (tx) => {
      if (!(await memberExists(tx, otherId))) throw new AppError('not_found', { params: { of: 'member' } });
      await repo.insertBlock(tx, memberId, otherId);
      await this.endMatch(tx, memberId, otherId);
      this.events.publishOnCommit(tx, 'feed.hidden', { pairs: [[memberId, otherId], [otherId, memberId]] });
    });
  }

  async unblock(memberId: string, otherId: string): Promise<void> {
    await this.db.transaction(async (tx) => {
      await repo.deleteBlock(tx, memberId, otherId);
      this.events.publishOnCommit(tx, 'feed.stale', { userIds: [memberId, otherId] });
    });
  }

  /** Whom the member blocked (the settings list with "Blockierung aufheben"): only their own blocks, never who blocked them. */
  async blocked(memberId: string): Promise<BlockedMember[]> {
    const rows = await repo.listBlocked(this.db, memberId, MAX_LISTED);
    return rows.map((r) => ({ id: r.id, name: r.name, blockedAt: r.created_at.toISOString() }));
  }

  isBlocked(a: string, b: string): Promise<boolean> {
    return repo.isBlockedEitherWay(this.db, a, b);
  }
}
