import type { Db, Queryable, Tx } from '../../db/client.js';
import type { Metrics } from '../metrics/metrics.js';
import { type Outcome, OutboxWorker, type SenderLog } from './outbox-worker.js';
import { pruneOutbox } from './outbox.repo.js';
import { claimDueEvent, type DueEvent, type DurableEventName, type DurableEvents, EVENT_RETENTION, type EventMemos, insertClaimedEvent } from './event-outbox.repo.js';

/**
 * The event as a consumer hears it: its id (a key for idempotent writes), which attempt this is
 * (1: in the process that committed it) and, on that first one, what its writer held (EventMemos).
 */
interface EventContext<K extends DurableEventName> {
  id: number;
  attempts: number;
  memo?: EventMemos[K] | undefined;
}

export type EventHandler<K extends DurableEventName> = (payload: DurableEvents[K], event: EventContext<K>) => Promise<void>;

interface Registered {
  handle: (payload: DurableEvents[DurableEventName], event: EventContext<DurableEventName>) => Promise<void>;
  firstAttemptOnly: boolean;
}

/** Dispatches at most this many claimed events at once per process (events written here are dispatched as they commit, besides these). */
const CONCURRENCY = 4;

/**
 * Dispatched events are marked done together, up to this long after the first: one UPDATE for the
 * events of many requests instead of one each (decisions/0030, measured cost). Consumers are
 * idempotent per event id, so a crash inside the window only dispatches those events again after
 * their lease (first-attempt-only consumers never hear a redelivery).
 */
const MARK_WINDOW_MS = 250;

/** What EventOutbox is built from (named, so no call site depends on an argument order). */
export interface EventOutboxDeps {
  db: Db;
  log: SenderLog;
  metrics: Pick<Metrics, 'outboxDelivered' | 'outboxFailures' | 'outboxDeadLetters'>;
  leaseSeconds?: number;
  intervalMs?: number;
  /** Tests only (FAULT_POINT=event-dispatch): runs after the commit, before any consumer; the crash test never lets it return. */
  beforeDispatch?: () => Promise<void>;
}

/**
 * Domain events that survive a crash. A service writes the event in the transaction of its change
 * (`record`); once that commits, this process dispatches it to every consumer registered for its
 * name (`on`: notifications, realtime). Should the process die first, the event's lease runs out
 * and a process claims it (OutboxWorker: the one claim, backoff and dead-letter path of every
 * outbox). A consumer that fails makes the event go again after the backoff, to every consumer:
 * consumers are idempotent (the event id is their key). One registered `firstAttemptOnly` hears
 * the first dispatch only, in the process that committed the event: best effort (a socket event
 * lost in a crash is caught up by the client's reconnect), never twice.
 */
export class EventOutbox {
  private readonly handlers = new Map<DurableEventName, Registered[]>();
  private readonly worker: OutboxWorker<DueEvent>;
  private readonly db: Db;
  private readonly beforeDispatch: (() => Promise<void>) | undefined;

  constructor(deps: EventOutboxDeps) {
    this.db = deps.db;
    this.beforeDispatch = deps.beforeDispatch;
    this.worker = new OutboxWorker<DueEvent>({
      db: deps.db,
      log: deps.log,
      metrics: deps.metrics,
      concurrency: CONCURRENCY,
      leaseSeconds: deps.leaseSeconds,
      intervalMs: deps.intervalMs,
      markWindowMs: MARK_WINDOW_MS,
      spec: { name: 'events', table: 'event_outbox', claim: claimDueEvent, deliver: (event) => this.dispatch(event) },
    });
  }

  /** Writes the event in the change's transaction; this process dispatches it once the transaction committed. */
  async record<K extends DurableEventName>(tx: Tx, name: K, payload: DurableEvents[K]): Promise<void> {
    this.written(tx, await insertClaimedEvent(tx, name, payload, this.leaseSeconds), name, payload);
  }

  /**
   * An event a statement of the transaction inserted itself (claimedEventValues, under
   * `leaseSeconds`): dispatched once it commits, with `memo` for that first dispatch.
   */
  written<K extends DurableEventName>(tx: Pick<Tx, 'afterCommit'>, id: number, name: K, payload: DurableEvents[K], memo?: EventMemos[K]): void {
    tx.afterCommit(() => this.worker.deliverClaimed({ id, attempts: 1, name, payload, memo }));
  }

  /** How long the writer of an event holds it before any process may claim it. */
  get leaseSeconds(): number {
    return this.worker.leaseSeconds;
  }

  /** Writes the event in a statement of its own (its change committed without a transaction); dispatched at once. */
  async recordNow<K extends DurableEventName>(q: Queryable, name: K, payload: DurableEvents[K]): Promise<void> {
    const id = await insertClaimedEvent(q, name, payload, this.leaseSeconds);
    this.worker.deliverClaimed({ id, attempts: 1, name, payload });
  }

  on<K extends DurableEventName>(name: K, handle: EventHandler<K>, options: { firstAttemptOnly?: boolean } = {}): void {
    const list = this.handlers.get(name) ?? [];
    list.push({ handle: handle as Registered['handle'], firstAttemptOnly: options.firstAttemptOnly === true });
    this.handlers.set(name, list);
  }

  start(): void {
    this.worker.start();
  }

  stop(): Promise<void> {
    return this.worker.stop();
  }

  /** Dispatches what is due and waits for every dispatch of this process, those of committed writes included (tests, shutdown). */
  async idle(): Promise<void> {
    await this.worker.drain();
  }

  /** Retention: dispatched events go after a day, given-up ones after 7 (the daily cleanup job). */
  prune(): Promise<number> {
    return pruneOutbox(this.db, 'event_outbox', EVENT_RETENTION);
  }

  /** Every consumer at once (they are independent); any failure sends the event again after the backoff. */
  private async dispatch(event: DueEvent): Promise<Outcome> {
    if (event.attempts === 1) await this.beforeDispatch?.();
    const consumers = (this.handlers.get(event.name) ?? []).filter((h) => event.attempts === 1 || !h.firstAttemptOnly);
    const results = await Promise.allSettled(consumers.map((h) => h.handle(event.payload, { id: event.id, attempts: event.attempts, memo: event.memo })));
    const failures = results.flatMap((r) => (r.status === 'rejected' ? [(r.reason as Error).message] : []));
    return failures.length === 0 ? 'sent' : { failed: failures.join('; ') };
  }
}
