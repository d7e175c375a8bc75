import type { Db } from '../../db/client.js';

/** A caller waiting for one key's value. */
interface Waiter<V> {
  resolve: (value: V | undefined) => void;
  reject: (err: unknown) => void;
}

export interface ReadBatcherOptions {
  /** Reads in flight at once; keys asked for while all of them run wait and go out together after. */
  concurrency: number;
  /** Keys per read at most. */
  maxBatch: number;
}

/**
 * Reads of one key each (a session by its token hash, a viewer's feed exclusions) that arrive
 * while `concurrency` reads are in flight go out together in one read when a slot frees
 * (issue 21): on PGlite every statement waits for the one before it on the single connection and
 * costs ~0.5 ms however few rows it reads, and 40 members opening the app at once queued 40
 * session lookups and 40 exclusion reads there. No read waits for company: with a slot free a key
 * goes out at once, so a quiet server answers as before. The same key asked for twice meanwhile is
 * read once. `readMany` answers by key; a key it leaves out resolves to undefined, and its failure
 * fails the callers of that read only.
 */
export class ReadBatcher<K, V> {
  private readonly queued = new Map<K, Waiter<V>[]>();
  private inFlight = 0;

  constructor(
    private readonly readMany: (keys: K[]) => Promise<ReadonlyMap<K, V>>,
    private readonly options: ReadBatcherOptions,
  ) {}

  load(key: K): Promise<V | undefined> {
    return new Promise((resolve, reject) => {
      const waiters = this.queued.get(key);
      if (waiters) waiters.push({ resolve, reject });
      else this.queued.set(key, [{ resolve, reject }]);
      this.pump();
    });
  }

  private pump(): void {
    while (this.inFlight < this.options.concurrency && this.queued.size > 0) {
      const batch = new Map<K, Waiter<V>[]>();
      for (const [key, waiters] of this.queued) {
        if (batch.size >= this.options.maxBatch) break;
        batch.set(key, waiters);
        this.queued.delete(key);
      }
      this.inFlight += 1;
      void this.run(batch);
    }
  }

  private async run(batch: Map<K, Waiter<V>[]>): Promise<void> {
    try {
      const values = await this.readMany([...batch.keys()]);
      for (const [key, waiters] of batch) for (const w of waiters) w.resolve(values.get(key));
    } catch (err) {
      for (const waiters of batch.values()) for (const w of waiters) w.reject(err);
    } finally {
      this.inFlight -= 1;
      this.pump();
    }
  }
}

/**
 * How reads batch on this database: PGlite runs one statement at a time, so one read in flight
 * (the rest would only queue inside it); PostgreSQL runs them side by side on its pool, so a few.
 */
export function batchedReads(db: Pick<Db, 'kind'>): ReadBatcherOptions {
  return { concurrency: db.kind === 'pglite' ? 1 : 4, maxBatch: 100 };
}
