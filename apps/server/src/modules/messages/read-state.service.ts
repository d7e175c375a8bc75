import type { Db } from '../../db/client.js';
import type { EventBus } from '../../platform/events.js';
import type { RateLimiter } from '../../platform/rate-limit.js';
import * as repo from './messages.repo.js';
import { writeRefusal } from './write-permission.js';

/** At most one typing signal per pair in this window (across processes when the limiter is Redis). */
const TYPING_WINDOW_MS = 2000;

/** What a member has read, their unread count, and the signals about it: read receipts, typing. */
export class ReadStateService {
  constructor(
    private readonly db: Db,
    private readonly events: EventBus,
    private readonly limiter: RateLimiter,
  ) {}

  unread(userId: string): Promise<number> {
    return repo.unreadCount(this.db, userId);
  }

  /** Tells the member's open sessions their unread count. */
  async pushUnread(userId: string): Promise<void> {
    this.events.emit('unread.changed', { userId, count: await this.unread(userId) });
  }

  /**
   * Marks what `memberId` sent to `userId` as read. After the commit the sender hears of it (only
   * when the reader sends read receipts) and the reader's sessions get their new unread count.
   */
  async markRead(userId: string, memberId: string): Promise<number> {
    const { marked, newest } = await repo.markRead(this.db, userId, memberId);
    if (!newest) return marked;
    if (newest.read_receipts) {
      this.events.emit('messages.read', { readerId: userId, senderId: memberId, upTo: newest.id, at: newest.read_at.toISOString() });
    }
    await this.pushUnread(userId);
    return marked;
  }

  /** Whether a typing signal from `from` to `to` goes through: they may write to each other and the pair's window is free. */
  async typingAllowed(from: string, to: string): Promise<boolean> {
    if (from === to) return false;
    const { count } = await this.limiter.increment(`typing:${from}:${to}`, TYPING_WINDOW_MS);
    return count === 1 && (await writeRefusal(this.db, from, to)) === undefined;
  }
}
