import type { Db } from '../../db/client.js';
import type { EventBus } from '../../platform/events/events.js';
import type { Job } from '../../platform/module.js';
import { touchSessions } from './sessions.repo.js';

/** How long marks wait before they are written together. */
const FLUSH_AFTER_MS = 1000;
/** Sessions per statement (well below the drivers' parameter limits). */
const BATCH = 1000;

interface LastSeenLog {
  error(obj: object, msg: string): void;
}

/**
 * "Last seen" written behind the request (issue 21): an authenticated request only marks its session
 * (SessionService does so at most once a minute per session); the marks of the next second are
 * written together, sessions and their members in two statements per batch, so a read stays a read.
 * A failed write puts its marks back for the next round; stop() writes what is left. Each write
 * tells this process which members it marked active (`members.active`, for the feed index).
 */
export class LastSeenWriter implements Job {
  private readonly pending = new Set<string>();
  private timer: NodeJS.Timeout | undefined;
  private writing: Promise<void> = Promise.resolve();

  constructor(
    private readonly db: Db,
    private readonly log: LastSeenLog,
    private readonly events: Pick<EventBus, 'emit'>,
  ) {}

  mark(sessionId: string): void {
    this.pending.add(sessionId);
    this.timer ??= setTimeout(() => {
      this.timer = undefined;
      void this.flush();
    }, FLUSH_AFTER_MS).unref();
  }

  /** Writes every mark made so far (one write at a time: a flush waits for the one before it). */
  flush(): Promise<void> {
    this.writing = this.writing.then(async () => {
      while (this.pending.size > 0) {
        const ids = [...this.pending].slice(0, BATCH);
        for (const id of ids) this.pending.delete(id);
        let members: string[];
        try {
          members = await touchSessions(this.db, ids.sort());
        } catch (err) {
          for (const id of ids) this.pending.add(id);
          this.log.error({ err, sessions: ids.length }, 'last seen write failed');
          return;
        }
        // The feed index ranks by the active day this write may have moved.
        if (members.length > 0) this.events.emit('members.active', { memberIds: members });
      }
    });
    return this.writing;
  }

  start(): void {
    // Writes are scheduled by mark(); nothing runs while no one is signed in.
  }

  async stop(): Promise<void> {
    clearTimeout(this.timer);
    this.timer = undefined;
    await this.flush();
  }
}
