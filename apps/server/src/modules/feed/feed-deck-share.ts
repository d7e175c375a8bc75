import type { Redis } from 'ioredis';
import type { EventBus } from '../../platform/events/events.js';
import type { DeckQuery, SharedDeck } from './feed-decks.js';

/** The shape of what this version writes; a key of another version is never read (a deploy that changes DeckRow changes it). */
const VERSION = 'v2';

/** How long a read of a deck is left to the process that claimed it before another reads it too. */
const CLAIM_MS = 3_000;

/** What DeckShare is built from (named, so no call site depends on an argument order). */
export interface DeckShareDeps {
  redis: Redis;
  /** The deployment's Redis key prefix and a name of this store's own. */
  prefix: string;
  events: EventBus;
  /** How long a deck serves after its read began (FeedDecks' lifetime). */
  ttlMs: number;
}

/**
 * Feed decks shared between the processes of a deployment, in Redis. A member's socket and their
 * page requests land on any process (a cluster's workers, machines behind a balancer): the process
 * that ranks a viewer's feed leaves the deck here, and the others take it instead of ranking again.
 * What happened since the read (swipes, blocks, changed members) each taker applies from its own
 * events (FeedDecks.adopt). The feed a viewer asked for last is kept here too, so the process their
 * socket reaches prepares that one.
 *
 * One read per viewer at a time: a process claims the read; the others wait until it is announced
 * (`feed.shared`, or the claim runs out) and take the deck then.
 */
export class DeckShare {
  private readonly redis: Redis;
  private readonly prefix: string;
  private readonly events: EventBus;
  private readonly ttlMs: number;
  private readonly waiting = new Map<string, Set<() => void>>();

  constructor(deps: DeckShareDeps) {
    this.redis = deps.redis;
    this.prefix = deps.prefix;
    this.events = deps.events;
    this.ttlMs = deps.ttlMs;
    this.events.on('feed.shared', ({ viewerId, key }) => {
      const slot = this.deckKey(viewerId, key);
      const waiters = this.waiting.get(slot);
      this.waiting.delete(slot);
      for (const wake of waiters ?? []) wake();
    });
  }

  private deckKey(viewerId: string, key: string): string {
    return `${this.prefix}${VERSION}:${viewerId}:${key}`;
  }

  /** Held by the process reading the deck of `deckKey` (its claim). */
  private claimKey(viewerId: string, key: string): string {
    return `${this.deckKey(viewerId, key)}:reading`;
  }

  private queryKey(viewerId: string): string {
    return `${this.prefix}${VERSION}:q:${viewerId}`;
  }

  async get(viewerId: string, key: string): Promise<SharedDeck | undefined> {
    const raw = await this.redis.get(this.deckKey(viewerId, key));
    return raw === null ? undefined : (JSON.parse(raw) as SharedDeck);
  }

  /** Leaves the deck for the other processes until it would expire (decks live `ttlMs` from their read). */
  async put(viewerId: string, key: string, deck: SharedDeck, now = Date.now()): Promise<void> {
    const left = this.ttlMs - (now - deck.at);
    if (left <= 0) return;
    await this.redis.set(this.deckKey(viewerId, key), JSON.stringify(deck), 'PX', Math.round(left));
  }

  /**
   * Claims the read of the viewer's deck: true when this process reads it (and must `release` it),
   * false once another process that was reading it announced its end or its claim ran out.
   */
  async claim(viewerId: string, key: string): Promise<boolean> {
    const slot = this.deckKey(viewerId, key);
    // Waiting from before the claim is tried: an end announced in between is not missed.
    let wake = (): void => undefined;
    const ended = new Promise<void>((resolve) => {
      wake = resolve;
    });
    const waiters = this.waiting.get(slot) ?? new Set();
    waiters.add(wake);
    this.waiting.set(slot, waiters);
    const stopWaiting = () => {
      waiters.delete(wake);
      if (waiters.size === 0 && this.waiting.get(slot) === waiters) this.waiting.delete(slot);
    };
    try {
      if ((await this.redis.set(this.claimKey(viewerId, key), '1', 'PX', CLAIM_MS, 'NX')) === 'OK') return true;
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([ended, new Promise<void>((resolve) => (timer = setTimeout(resolve, CLAIM_MS)))]);
      clearTimeout(timer);
      return false;
    } finally {
      stopWaiting();
    }
  }

  /** Ends this process's read of the viewer's deck (after `put`, or when it failed) and wakes whoever waits for it. */
  async release(viewerId: string, key: string): Promise<void> {
    await this.redis.del(this.claimKey(viewerId, key));
    this.events.publish('feed.shared', { viewerId, key });
  }

  async lastQuery(viewerId: string): Promise<DeckQuery | undefined> {
    const raw = await this.redis.get(this.queryKey(viewerId));
    return raw === null ? undefined : (JSON.parse(raw) as DeckQuery);
  }

  async setLastQuery(viewerId: string, query: DeckQuery): Promise<void> {
    await this.redis.set(this.queryKey(viewerId), JSON.stringify(query), 'PX', 24 * 60 * 60_000);
  }
}
