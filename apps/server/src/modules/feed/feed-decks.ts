import { LRUCache } from 'lru-cache';
import type { EventBus } from '../../platform/events/events.js';
import type { CardColumns, FeedCursor, FeedRow } from './feed.repo.js';

/**
 * A ranked member as a deck keeps them: the ranking's row, and the card's other columns once read.
 * A ranking from the database leaves them out (findCardColumns reads them for the rows a page
 * serves, and they stay on the row); one from the feed index has them already.
 */
export type DeckRow = FeedRow & Partial<CardColumns>;

/** The feed a deck ranks: the radius and the filter the viewer chose. */
export interface DeckQuery {
  radiusKm: number | null;
  onlyVerified: boolean;
}

/** A deck as one process read it, for the others: the rows and when their read began (by that process's clock). */
export interface SharedDeck {
  at: number;
  day: string;
  query: DeckQuery;
  rows: DeckRow[];
  interests: string[];
  complete: boolean;
  hasOrigin: boolean;
}

/** The top of a viewer's ranking for one radius, as the database gave it at `seq`. */
export interface Deck {
  seq: number;
  at: number;
  query: DeckQuery;
  /** The Berlin day the ages were computed for. */
  day: string;
  rows: DeckRow[];
  /** The viewer's interests when the deck was read (their cards list shared ones first; a change of the viewer's drops their decks). */
  interests: string[];
  /** The ranking has no rows beyond these. */
  complete: boolean;
  hasOrigin: boolean;
  /** Members the viewer acted on (or who blocked) since: never served again from this deck. */
  hidden: Set<string>;
  /** Rows read after the deck (a refill), by the sequence number their read began at. */
  later?: Map<string, number>;
  /** The refill being read, shared by every request that needs it. */
  refill?: Promise<void>;
  /** Runs once at the viewer's next action on a member (`feed.hidden`): a refill waiting for them to swipe. */
  onAction?: () => void;
}

/** The cache key of a deck: one per radius and filter (a filtered deck holds other members). */
export const deckKey = (q: DeckQuery) => `${q.radiusKm ?? ''}${q.onlyVerified ? ':verified' : ''}`;

/** Ranking order: recently active first, then near, then id (as the SQL sorts). */
export function compareRank(a: FeedCursor, b: FeedCursor): number {
  return compareRankTo(a.activeDay, a.distM, a.id, b);
}

/** compareRank for a candidate given by its keys (the ranking's inner loop builds no object for a candidate it passes over). */
export function compareRankTo(activeDay: number, distM: number, id: string, b: FeedCursor): number {
  return b.activeDay - activeDay || distM - b.distM || (id < b.id ? -1 : id > b.id ? 1 : 0);
}

/**
 * The page after `cursor` from a deck, skipping hidden and stale members; undefined when the deck
 * cannot answer it exactly (the page runs past the deck's last row and the ranking goes on).
 */
export function pageFromDeck(deck: Deck, cursor: FeedCursor | null, limit: number, isStale: (id: string) => boolean): DeckRow[] | undefined {
  let i = 0;
  if (cursor) {
    let lo = 0;
    let hi = deck.rows.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (compareRank(deck.rows[mid] as DeckRow, cursor) <= 0) lo = mid + 1;
      else hi = mid;
    }
    i = lo;
  }
  const page: DeckRow[] = [];
  for (; i < deck.rows.length && page.length < limit; i++) {
    const row = deck.rows[i] as DeckRow;
    if (!deck.hidden.has(row.id) && !isStale(row.id)) page.push(row);
  }
  return page.length === limit || deck.complete ? page : undefined;
}

interface Mark {
  seq: number;
  at: number;
}

/**
 * How far apart the clocks of two processes may be: a deck read by another process is trusted for
 * what this process heard of more than this long before the read began, and everything heard later
 * is applied to it (a deck is read after its writes commit, and their events are heard after that).
 */
export const CLOCK_SLACK_MS = 2_000;

/** What FeedDecks is built from (named, so no call site depends on an argument order). */
export interface FeedDecksDeps {
  events: EventBus;
  enabled: () => boolean;
  size: number;
  ttlMs?: number;
  maxViewers?: number;
}

/**
 * Feed decks: each viewer's ranking computed once and served page by page from memory, as the big
 * apps precompute recommendation stacks. Exactness is kept by events, in every process:
 * - `feed.hidden` (a swipe, a block) removes the member from the viewer's decks at once;
 * - `feed.stale` and `users.changed` of the viewer drop their decks (an undo, an unblock);
 * - `users.changed` of a member marks their row stale in every deck that holds it (profile, photo).
 * A deck computed while such an event arrived is served once but not kept (sequence numbers).
 * Where the process missed events (`cluster.resync`), every deck is dropped, and none read before
 * is kept or adopted. What no event announces (members who became active, new members) shows after
 * `ttlMs`.
 */
export class FeedDecks {
  private readonly decks: LRUCache<string, Map<string, Deck>>;
  private readonly viewerMarks = new Map<string, Mark>();
  /** Reads in flight, shared by concurrent requests for the same deck, with the sequence number they began at. */
  private readonly reading = new Map<string, { seq: number; deck: Promise<Deck> }>();
  /** The feed each viewer asked for last: the one prepared when they come back. */
  private readonly lastQueries: LRUCache<string, DeckQuery>;
  private readonly memberMarks = new Map<string, Mark>();
  /** When each viewer's decks were last dropped (feed.stale, users.changed): a deck read before then is of no use. */
  private readonly dropMarks = new Map<string, Mark>();
  /** Members recently hidden from each viewer (feed.hidden), when heard: applied to decks adopted from another process. */
  private readonly hiddenLog = new Map<string, { last: number; members: Map<string, number> }>();
  /** When this process last missed events (cluster.resync): decks begun or read before then are of no use. */
  private resynced: Mark = { seq: 0, at: -Infinity };
  private seq = 0;

  private readonly enabled: () => boolean;
  readonly size: number;
  /** How long a deck serves after its read began. */
  readonly ttlMs: number;
  /** How long marks and the hidden log are kept: longer than any deck read before them can live (or be read). */
  private readonly marksKeptMs: number;

  constructor(deps: FeedDecksDeps) {
    this.enabled = deps.enabled;
    this.size = deps.size;
    this.ttlMs = deps.ttlMs ?? 5 * 60_000;
    this.marksKeptMs = this.ttlMs + 60_000;
    const events = deps.events;
    const maxViewers = deps.maxViewers ?? 20_000;
    this.decks = new LRUCache({ max: maxViewers });
    this.lastQueries = new LRUCache({ max: maxViewers });
    events.on('feed.hidden', ({ pairs }) => {
      for (const [viewer, member] of pairs) {
        this.mark(this.viewerMarks, viewer);
        this.logHidden(viewer, member);
        for (const deck of this.decks.get(viewer)?.values() ?? []) {
          deck.hidden.add(member);
          const onAction = deck.onAction;
          deck.onAction = undefined;
          onAction?.();
        }
      }
    });
    events.on('feed.stale', ({ userIds: memberIds }) => this.dropViewers(memberIds));
    events.on('users.changed', ({ userIds: memberIds }) => {
      this.dropViewers(memberIds);
      for (const id of memberIds) this.mark(this.memberMarks, id);
    });
    // Swipes, blocks and changes announced while this process could not hear them: no deck is trusted.
    events.on('cluster.resync', () => {
      this.seq += 1;
      this.resynced = { seq: this.seq, at: Date.now() };
      this.decks.clear();
    });
  }

  /** Call before reading the ranking from the database; pass the result to keep(). */
  begin(): number {
    this.seq += 1;
    return this.seq;
  }

  get(viewerId: string, key: string, day: string, now = Date.now()): Deck | undefined {
    if (!this.enabled()) return undefined;
    const deck = this.decks.get(viewerId)?.get(key);
    if (!deck || deck.day !== day || now - deck.at > this.ttlMs) return undefined;
    return deck;
  }

  /**
   * The viewer's deck for `query`: the kept one, or the one being read for them (when nothing about
   * the viewer happened since that read began), or a new read by `read(seq)`, which the caller keeps.
   * Concurrent first pages (the app's, a prefetch, the prewarm on connect) read the database once.
   */
  obtain(viewerId: string, query: DeckQuery, day: string, read: (seq: number) => Promise<Deck>): Promise<Deck> | undefined {
    if (!this.enabled()) return undefined;
    this.lastQueries.set(viewerId, query);
    const key = deckKey(query);
    const kept = this.get(viewerId, key, day);
    if (kept) return Promise.resolve(kept);
    const slot = `${viewerId}\n${key}`;
    const pending = this.reading.get(slot);
    if (pending && Math.max(this.viewerMarks.get(viewerId)?.seq ?? 0, this.resynced.seq) < pending.seq) return pending.deck;
    const seq = this.begin();
    const deck = read(seq).finally(() => {
      if (this.reading.get(slot)?.seq === seq) this.reading.delete(slot);
    });
    this.reading.set(slot, { seq, deck });
    return deck;
  }

  /** The feed the viewer asked for last in this process, if they did. */
  lastQuery(viewerId: string): DeckQuery | undefined {
    return this.lastQueries.get(viewerId);
  }

  /**
   * A deck another process read (DeckShare), as this process may serve it: everything this process
   * heard since the read began (less CLOCK_SLACK_MS) applied: members hidden from the viewer and
   * members who changed are never served from it; a viewer whose decks were dropped since gets none
   * (undefined). Kept like a deck read here, from a sequence number begun now.
   */
  adopt(viewerId: string, shared: SharedDeck, day: string, now = Date.now()): Deck | undefined {
    const deck = this.fromShared(viewerId, shared, day, now);
    if (deck) this.keep(viewerId, deckKey(deck.query), deck);
    return deck;
  }

  /** What adopt() would keep, without keeping it (a refill takes the rows it lacks from it). */
  fromShared(viewerId: string, shared: SharedDeck, day: string, now = Date.now()): Deck | undefined {
    if (!this.enabled() || shared.day !== day || now - shared.at > this.ttlMs) return undefined;
    const since = shared.at - CLOCK_SLACK_MS;
    if (Math.max(this.dropMarks.get(viewerId)?.at ?? -Infinity, this.resynced.at) >= since) return undefined;
    const hidden = new Set<string>();
    for (const [member, at] of this.hiddenLog.get(viewerId)?.members ?? []) if (at >= since) hidden.add(member);
    for (const row of shared.rows) if ((this.memberMarks.get(row.id)?.at ?? -Infinity) >= since) hidden.add(row.id);
    const { at, query, rows, interests, complete, hasOrigin } = shared;
    return { seq: this.begin(), at, query, day, rows, interests, complete, hasOrigin, hidden };
  }

  /** Keeps the deck unless something about the viewer happened since it was begun (false). */
  keep(viewerId: string, key: string, deck: Deck): boolean {
    if (!this.enabled() || Math.max(this.viewerMarks.get(viewerId)?.seq ?? 0, this.resynced.seq) > deck.seq) return false;
    const mine = this.decks.get(viewerId) ?? new Map<string, Deck>();
    mine.set(key, deck);
    this.decks.set(viewerId, mine);
    return true;
  }

  /** The member changed after their row was read: it may no longer be true. */
  isStale(deck: Deck, memberId: string): boolean {
    return (this.memberMarks.get(memberId)?.seq ?? 0) > (deck.later?.get(memberId) ?? deck.seq);
  }

  private dropViewers(ids: string[]): void {
    for (const id of ids) {
      this.mark(this.viewerMarks, id);
      this.mark(this.dropMarks, id);
      this.decks.delete(id);
    }
  }

  private logHidden(viewer: string, member: string): void {
    const now = Date.now();
    const log = this.hiddenLog.get(viewer) ?? { last: now, members: new Map<string, number>() };
    log.members.delete(member);
    log.members.set(member, now);
    log.last = now;
    // Both maps in the order of their last entry: what is older than any deck that could be adopted goes.
    this.hiddenLog.delete(viewer);
    this.hiddenLog.set(viewer, log);
    for (const [key, at] of log.members) {
      if (now - at <= this.marksKeptMs) break;
      log.members.delete(key);
    }
    for (const [key, old] of this.hiddenLog) {
      if (now - old.last <= this.marksKeptMs) break;
      this.hiddenLog.delete(key);
    }
  }

  private mark(marks: Map<string, Mark>, id: string): void {
    this.seq += 1;
    const now = Date.now();
    marks.delete(id);
    marks.set(id, { seq: this.seq, at: now });
    // Marks older than any live deck (or read in flight) can go; the map is in insertion order.
    for (const [key, m] of marks) {
      if (now - m.at <= this.marksKeptMs) break;
      marks.delete(key);
    }
  }
}
