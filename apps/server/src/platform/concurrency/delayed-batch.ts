interface Pending<A> {
  args: A[];
  done: Promise<void>;
  resolve: () => void;
  reject: (err: unknown) => void;
  timer: NodeJS.Timeout;
}

/**
 * Writes that may wait a moment and go out together: `add` collects arguments for up to `windowMs`,
 * then one run of `task` takes them all (runs never overlap: a batch that is due while the one
 * before still runs goes after it). Every `add` settles with the run that took its argument.
 * `flush` sends what is collected now (shutdown, tests, a drain). A window of 0 writes at the next
 * turn of the event loop, with whatever arrived meanwhile.
 */
export class DelayedBatch<A> {
  private pending: Pending<A> | undefined;
  private last: Promise<void> = Promise.resolve();
  private eager = 0;

  constructor(
    private readonly task: (args: A[]) => Promise<void>,
    private readonly windowMs: number,
  ) {}

  add(arg: A): Promise<void> {
    if (!this.pending) {
      let resolve!: () => void;
      let reject!: (err: unknown) => void;
      const done = new Promise<void>((res, rej) => {
        resolve = res;
        reject = rej;
      });
      const timer = setTimeout(() => this.flush(), this.eager > 0 ? 0 : this.windowMs);
      timer.unref();
      this.pending = { args: [], done, resolve, reject, timer };
    }
    this.pending.args.push(arg);
    return this.pending.done;
  }

  /** Sends what is collected now; answers when that run (and every one before it) has ended. */
  flush(): Promise<void> {
    const batch = this.pending;
    if (!batch) return this.last.catch(() => undefined);
    this.pending = undefined;
    clearTimeout(batch.timer);
    const run = this.last.catch(() => undefined).then(() => this.task(batch.args));
    run.then(batch.resolve, batch.reject);
    this.last = run;
    return run.catch(() => undefined);
  }

  /**
   * While `work` runs, collected arguments go out at once (no window): a drain or a shutdown waits
   * for the writes it caused, not for the window.
   */
  async hurried<T>(work: () => Promise<T>): Promise<T> {
    this.eager++;
    void this.flush();
    try {
      return await work();
    } finally {
      this.eager--;
    }
  }
}
