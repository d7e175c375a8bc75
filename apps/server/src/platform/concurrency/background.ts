/**
 * Work a request starts that its answer does not wait for (a notification, an unread count pushed
 * to sockets), kept so that shutdown and tests can wait until it is done. A failure goes to
 * `onError`: nobody is left to answer it to.
 */
export class BackgroundWork {
  private readonly pending = new Set<Promise<void>>();

  constructor(private readonly onError: (err: unknown) => void) {}

  track(work: Promise<unknown>): void {
    const p = work.then(() => undefined, this.onError);
    this.pending.add(p);
    void p.finally(() => this.pending.delete(p));
  }

  /** Resolves once every piece of work tracked so far (and any it started meanwhile) is done. */
  async idle(): Promise<void> {
    while (this.pending.size > 0) await Promise.all(this.pending);
  }
}
