interface Queued<A> {
  args: A[];
  done: Promise<void>;
  resolve: () => void;
  reject: (err: unknown) => void;
}

interface Slot<A> {
  current: Promise<void>;
  queued?: Queued<A>;
}

/**
 * Work that must run after each call, but not once per call: per key one run at a time, and the
 * calls made while it runs share the next run, which gets all their arguments. Every call's promise
 * settles with a run that started after the call, so nothing a caller committed before calling is
 * missed; however many calls arrive, a key has at most one run going and one waiting.
 */
export class CoalescedRuns<K, A> {
  private readonly slots = new Map<K, Slot<A>>();

  constructor(private readonly task: (key: K, args: A[]) => Promise<void>) {}

  run(key: K, arg: A): Promise<void> {
    const slot = this.slots.get(key);
    if (!slot) return this.start(key, [arg]);
    if (slot.queued) {
      slot.queued.args.push(arg);
      return slot.queued.done;
    }
    let resolve!: () => void;
    let reject!: (err: unknown) => void;
    const done = new Promise<void>((res, rej) => {
      resolve = res;
      reject = rej;
    });
    slot.queued = { args: [arg], done, resolve, reject };
    return done;
  }

  /** Resolves once no run is going or waiting (for shutdown: what was started finishes). */
  async settled(): Promise<void> {
    while (this.slots.size > 0) {
      await Promise.allSettled([...this.slots.values()].flatMap((s) => [s.current, ...(s.queued ? [s.queued.done] : [])]));
    }
  }

  private start(key: K, args: A[]): Promise<void> {
    // The slot is in place before the task runs: a task that fails at once still finds it.
    const slot: Slot<A> = { current: Promise.resolve() };
    this.slots.set(key, slot);
    slot.current = (async () => {
      try {
        await this.task(key, args);
      } finally {
        this.next(key, slot);
      }
    })();
    return slot.current;
  }

  /** The run of `slot` ended: the waiting one (if any) starts now. */
  private next(key: K, slot: Slot<A>): void {
    const queued = slot.queued;
    if (!queued) {
      this.slots.delete(key);
      return;
    }
    this.start(key, queued.args).then(queued.resolve, queued.reject);
  }
}
