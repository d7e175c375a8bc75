import type { PresenceStore } from './presence-store.js';

/** What PresenceTracker is built from (named, so no call site depends on an argument order). */
export interface PresenceTrackerDeps {
  store: PresenceStore;
  publish: (online: number) => void;
  announce: () => void;
  intervalMs?: number;
  onError?: (err: unknown) => void;
}

/**
 * How often at most the count goes out to every socket. A broadcast is one frame (one write) per
 * socket: at 1 s, with members coming and going every second, it was more than a quarter of a
 * worker's socket writes in bench:load (more frames than HTTP answers). The first change after a
 * quiet interval still goes out at once.
 */
export const PRESENCE_INTERVAL_MS = 5000;

/**
 * Counts each member's sockets in this process, tells the store when a member comes or goes,
 * and publishes the global count at most once per interval (trailing), so a reconnect storm
 * costs one broadcast per interval instead of one per socket; a count that did not change (one
 * member left, another came) is not sent again.
 */
export class PresenceTracker {
  private readonly sockets = new Map<string, number>();
  private timer: NodeJS.Timeout | undefined;
  private lastPublished = 0;
  /** The count the sockets last got by broadcast (undefined: none yet). */
  private publishedCount: number | undefined;
  private lastCount = 0;
  private closed = false;

  private readonly store: PresenceStore;
  private readonly publish: (online: number) => void;
  private readonly announce: () => void;
  private readonly intervalMs: number;
  private readonly onError: (err: unknown) => void;

  constructor(deps: PresenceTrackerDeps) {
    this.store = deps.store;
    this.publish = deps.publish;
    this.announce = deps.announce;
    this.intervalMs = deps.intervalMs ?? PRESENCE_INTERVAL_MS;
    this.onError = deps.onError ?? (() => undefined);
  }

  get current(): number {
    return this.lastCount;
  }

  async connected(memberId: string): Promise<void> {
    const n = (this.sockets.get(memberId) ?? 0) + 1;
    this.sockets.set(memberId, n);
    if (n === 1) await this.changed(() => this.store.setLocal(memberId, true));
  }

  async disconnected(memberId: string): Promise<void> {
    const n = (this.sockets.get(memberId) ?? 1) - 1;
    if (n > 0) {
      this.sockets.set(memberId, n);
      return;
    }
    this.sockets.delete(memberId);
    await this.changed(() => this.store.setLocal(memberId, false));
  }

  /** Members online without a socket until `untilMs` (PresenceStore.visit); everyone recounts soon. */
  async visited(memberIds: string[], untilMs: number): Promise<void> {
    await this.changed(() => this.store.visit(memberIds, untilMs));
  }

  /** Another process reported a change: recount soon. */
  schedule(): void {
    if (this.timer) return;
    const wait = Math.max(0, this.lastPublished + this.intervalMs - Date.now());
    this.timer = setTimeout(() => void this.flush(), wait);
    this.timer.unref();
  }

  async refresh(): Promise<number> {
    this.lastCount = await this.store.count();
    return this.lastCount;
  }

  async close(): Promise<void> {
    this.closed = true;
    clearTimeout(this.timer);
    await this.store.close();
  }

  private async changed(update: () => Promise<void>): Promise<void> {
    try {
      await update();
    } catch (err) {
      this.onError(err);
    }
    // Sockets close while the process stops: past close() nobody is told (Redis may be gone).
    if (this.closed) return;
    this.announce();
    this.schedule();
  }

  private async flush(): Promise<void> {
    this.timer = undefined;
    this.lastPublished = Date.now();
    try {
      const online = await this.refresh();
      if (online === this.publishedCount) return;
      this.publishedCount = online;
      this.publish(online);
    } catch (err) {
      this.onError(err);
    }
  }
}
