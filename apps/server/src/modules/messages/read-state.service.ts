import type { Db } from '../../db/client.js';
import { BackgroundWork } from '../../platform/concurrency/background.js';
import type { EventBus } from '../../platform/events/events.js';
import type { RateLimiter } from '../../platform/rate-limit/rate-limit.js';
import * as repo from './messages.repo.js';
import { writeRefusal } from './write-permission.js';

/** At most one typing signal per pair in this window (across processes when the limiter is Redis). */
const TYPING_WINDOW_MS = 2000;

/** What a member has read, their unread count, and the signals about it: read receipts, typing. */
export class ReadStateService {
  private readonly background: BackgroundWork;

  constructor(
    private readonly db: Db,
    private readonly events: EventBus,
    private readonly limiter: RateLimiter,
    log: { error(obj: object, msg: string): void },
  ) {
    this.background = new BackgroundWork((err) => log.error({ err }, 'unread count not pushed'));
  }

  unread(memberId: string): Promise<number> {
    return repo.unreadCount(this.db, memberId);
  }

  /**
   * Tells the member's open sessions their unread count, counted after the caller's commit and
   * after its answer: the answer does not wait for the count (a read on PGlite's one connection,
   * a hop on a busy box).
   */
  pushUnread(memberId: string): void {
    this.background.track(this.unread(memberId).then((count) => this.events.emit('unread.changed', { memberId, count })));
  }

  /** Resolves once every unread count started so far is pushed (tests, shutdown). */
  idle(): Promise<void> {
    return this.background.idle();
  }

  /**
   * Marks what `memberId` sent to `viewerId` as read. After the commit the sender hears of it (only
   * when the reader sends read receipts) and the reader's sessions get their new unread count.
   */
  async markRead(viewerId: string, memberId: string): Promise<number> {
    const { marked, newest } = await repo.markRead(this.db, viewerId, memberId);
    if (!newest) return marked;
    if (newest.read_receipts) {
      this.events.emit('messages.read', { readerId: viewerId, senderId: memberId, upTo: newest.id, at: newest.read_at.toISOString() });
    }
    this.pushUnread(viewerId);
    return marked;
  }

  /** Whether a typing signal from `from` to `to` goes through: they may write to each other and the pair's window is free. */
  async typingAllowed(from: string, to: string): Promise<boolean> {
    if (from === to) return false;
    const { count } = await this.limiter.increment(`typing:${from}:${to}`, TYPING_WINDOW_MS);
    return count === 1 && (await writeRefusal(this.db, from, to)) === undefined;
  }
}
