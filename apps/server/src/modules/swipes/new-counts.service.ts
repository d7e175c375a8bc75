import type { NewCounts, SeenList } from '@funkeln/contracts/swipes';
import type { Db } from '../../db/client.js';
import type { EventBus } from '../../platform/events/events.js';
import { countNew, markSeen } from './new-counts.repo.js';

/**
 * The badges on Matches and Flirts: what came since the member last opened each list. Her open
 * sessions hear a new count when a match or flirt arrives and when she opens a list (on whichever device).
 */
export class NewCountsService {
  constructor(
    private readonly db: Db,
    private readonly events: EventBus,
  ) {}

  count(memberId: string): Promise<NewCounts> {
    return countNew(this.db, memberId);
  }

  /** She opened the list: nothing in it is new from now on, here and on her other devices. */
  async seen(memberId: string, list: SeenList): Promise<NewCounts> {
    await markSeen(this.db, memberId, list);
    return this.push(memberId);
  }

  /** Tells the member's open sessions her counts (after the change that moved them committed). */
  async push(memberId: string): Promise<NewCounts> {
    const counts = await this.count(memberId);
    this.events.emit('new-counts.changed', { memberId, counts });
    return counts;
  }

  /** push for each member (a match tells both). */
  async pushAll(memberIds: readonly string[]): Promise<void> {
    await Promise.all(memberIds.map((id) => this.push(id)));
  }
}
