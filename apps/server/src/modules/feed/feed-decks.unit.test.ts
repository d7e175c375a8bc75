import { afterEach, describe, expect, it, vi } from 'vitest';
import { EventBus } from '../../platform/events/events.js';
import { CLOCK_SLACK_MS, compareRank, deckKey, FeedDecks, pageFromDeck, type Deck, type DeckRow, type SharedDeck } from './feed-decks.js';

const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

/** Rows in ranking order: by active day, then by distance. */
function rows(count: number): DeckRow[] {
  return Array.from({ length: count }, (_, i) => ({
    id: id(i),
    activeDay: 20_000 - Math.floor(i / 4),
    distM: (i % 4) * 1000,
    name: `M${i}`,
    birth_date: '1990-01-01',
    city: null,
    photo_id: id(1000 + i),
  }));
}

function deck(count: number, complete: boolean): Deck {
  return { seq: 1, at: Date.now(), query: { radiusKm: null, onlyVerified: false }, day: '2026-11-22', rows: rows(count), interests: [], complete, hasOrigin: true, hidden: new Set() };
}

const fresh = () => false;
const ids = (page: DeckRow[] | undefined) => page?.map((r) => r.id);

describe('compareRank', () => {
  it('orders by recent activity, then distance, then id', () => {
    const r = rows(12);
    const shuffled = [...r].reverse();
    expect(shuffled.sort(compareRank).map((x) => x.id)).toEqual(r.map((x) => x.id));
  });
});

describe('pageFromDeck', () => {
  it('serves pages after a cursor, in ranking order', () => {
    const d = deck(12, true);
    const first = pageFromDeck(d, null, 5, fresh);
    expect(ids(first)).toEqual([0, 1, 2, 3, 4].map(id));
    const second = pageFromDeck(d, first?.at(-1) ?? null, 5, fresh);
    expect(ids(second)).toEqual([5, 6, 7, 8, 9].map(id));
  });

  it('positions a cursor that is not in the deck (a row gone since) between its neighbours', () => {
    const d = deck(12, true);
    const gone = { ...(d.rows[6] as DeckRow), id: 'ffffffff-ffff-4fff-bfff-ffffffffffff' };
    d.rows.splice(6, 1);
    expect(ids(pageFromDeck(d, gone, 3, fresh))).toEqual([7, 8, 9].map(id));
  });

  it('skips hidden and stale members', () => {
    const d = deck(12, true);
    d.hidden.add(id(1));
    expect(ids(pageFromDeck(d, null, 4, (m) => m === id(3)))).toEqual([0, 2, 4, 5].map(id));
  });

  it('answers short pages only when the ranking ends with the deck', () => {
    expect(ids(pageFromDeck(deck(6, true), null, 10, fresh))).toHaveLength(6);
    expect(pageFromDeck(deck(6, false), null, 10, fresh)).toBeUndefined();
    const d = deck(6, false);
    d.hidden.add(id(0));
    // Five rows left of six, a page of five: still exact.
    expect(ids(pageFromDeck(d, null, 5, fresh))).toEqual([1, 2, 3, 4, 5].map(id));
    expect(pageFromDeck(d, d.rows[2] ?? null, 5, fresh)).toBeUndefined();
  });
});

describe('FeedDecks', () => {
  const viewer = id(500);
  const day = '2026-11-22';

  function setup(enabled = true) {
    const events = new EventBus();
    const decks = new FeedDecks({ events, enabled: () => enabled, size: 10, ttlMs: 60_000 });
    const keep = (key = '50') => {
      const d = { ...deck(10, false), seq: decks.begin() };
      decks.keep(viewer, key, d);
      return d;
    };
    return { events, decks, keep };
  }

  it('keeps a deck per viewer and radius until it expires or the day changes', () => {
    const { decks, keep } = setup();
    const d = keep();
    expect(decks.get(viewer, '50', day)).toBe(d);
    expect(decks.get(viewer, '', day)).toBeUndefined();
    expect(decks.get(viewer, '50', '2026-11-23')).toBeUndefined();
    expect(decks.get(viewer, '50', day, d.at + 60_001)).toBeUndefined();
  });

  it('keeps nothing while switched off', () => {
    const { decks, keep } = setup(false);
    keep();
    expect(decks.get(viewer, '50', day)).toBeUndefined();
  });

  it('hides a swiped or blocked member from the viewer at once', () => {
    const { events, decks, keep } = setup();
    const d = keep();
    events.publish('feed.hidden', { pairs: [[viewer, id(0)]] });
    expect(decks.get(viewer, '50', day)?.hidden.has(id(0))).toBe(true);
    expect(d.hidden.has(id(1))).toBe(false);
  });

  it('runs a refill waiting for the viewer to swipe once, at their first action, and not for others', () => {
    const { events, keep } = setup();
    const d = keep();
    let started = 0;
    d.onAction = () => (started += 1);
    events.publish('feed.hidden', { pairs: [[id(501), id(0)]] });
    expect(started).toBe(0);
    events.publish('feed.hidden', { pairs: [[viewer, id(0)]] });
    events.publish('feed.hidden', { pairs: [[viewer, id(1)]] });
    expect(started).toBe(1);
  });

  it('drops the viewer’s decks when their feed is stale or they changed', () => {
    const { events, decks, keep } = setup();
    keep();
    events.publish('feed.stale', { userIds: [viewer] });
    expect(decks.get(viewer, '50', day)).toBeUndefined();
    keep();
    events.publish('users.changed', { userIds: [viewer] });
    expect(decks.get(viewer, '50', day)).toBeUndefined();
  });

  it('marks a changed member stale in decks read before the change only', () => {
    const { events, decks, keep } = setup();
    const before = keep('50');
    events.publish('users.changed', { userIds: [id(3)] });
    const after = keep('100');
    expect(decks.isStale(before, id(3))).toBe(true);
    expect(decks.isStale(before, id(4))).toBe(false);
    expect(decks.isStale(after, id(3))).toBe(false);
  });

  it('does not keep a deck read while an event about the viewer arrived', () => {
    const { events, decks } = setup();
    const seq = decks.begin();
    events.publish('feed.hidden', { pairs: [[viewer, id(0)]] });
    decks.keep(viewer, '50', { ...deck(10, false), seq });
    expect(decks.get(viewer, '50', day)).toBeUndefined();
  });

  it('after missed cluster events (resync) drops every deck and keeps none read before, nor shares such a read', async () => {
    const { events, decks, keep } = setup();
    keep();
    const other = id(501);
    decks.keep(other, '50', { ...deck(10, false), seq: decks.begin() });
    const before = decks.begin();
    const query = { radiusKm: null, onlyVerified: false };
    let reads = 0;
    const read = async (seq: number) => {
      reads += 1;
      return { ...deck(10, false), seq };
    };
    const pending = decks.obtain(viewer, query, day, read);
    events.emit('cluster.resync', {});
    expect(decks.get(viewer, '50', day)).toBeUndefined();
    expect(decks.get(other, '50', day)).toBeUndefined();
    expect(decks.keep(viewer, '50', { ...deck(10, false), seq: before })).toBe(false);
    // A request after the resync reads again rather than join the read begun before it.
    const after = decks.obtain(viewer, query, day, read);
    expect(reads).toBe(2);
    expect(await after).not.toBe(await pending);
    expect(decks.keep(viewer, '50', { ...deck(10, false), seq: decks.begin() })).toBe(true);
  });

  it('shares one read among concurrent requests, but not with a request after an event about the viewer', async () => {
    const { events, decks } = setup();
    const query = { radiusKm: null, onlyVerified: false };
    let reads = 0;
    let release = () => undefined as void;
    const gate = new Promise<void>((r) => (release = r));
    const read = async (seq: number) => {
      reads += 1;
      await gate;
      return { ...deck(10, false), seq };
    };
    const a = decks.obtain(viewer, query, day, read);
    const b = decks.obtain(viewer, query, day, read);
    expect(reads).toBe(1);
    events.publish('feed.hidden', { pairs: [[viewer, id(0)]] }); // a swipe while the read runs
    const c = decks.obtain(viewer, query, day, read);
    expect(reads).toBe(2);
    release();
    const [da, db, dc] = await Promise.all([a, b, c]);
    expect(da).toBe(db);
    expect(dc).not.toBe(da);
    expect(decks.lastQuery(viewer)).toEqual(query);
    expect(decks.lastQuery(id(501))).toBeUndefined();
  });

  it('tells rows read by a refill apart from the deck when a member changed in between', () => {
    const { events, decks, keep } = setup();
    const d = keep('50');
    events.publish('users.changed', { userIds: [id(3), id(20)] });
    d.later = new Map([[id(20), decks.begin()]]);
    expect(decks.isStale(d, id(3))).toBe(true);
    expect(decks.isStale(d, id(20))).toBe(false);
  });
});

describe('FeedDecks.adopt: a deck another process read', () => {
  const viewer = id(500);
  const day = '2026-11-22';
  const t0 = Date.UTC(2026, 10, 22, 12);
  const query = { radiusKm: null, onlyVerified: false };
  /** A deck whose read began at `at` (by the reading process's clock). */
  const shared = (at: number): SharedDeck => ({ at, day, query, rows: rows(10), interests: [], complete: true, hasOrigin: true });

  /** The adopting process, with events heard at the given times (by its own clock). */
  function heard(...happenings: [number, (events: EventBus) => void][]) {
    const events = new EventBus();
    const decks = new FeedDecks({ events, enabled: () => true, size: 10, ttlMs: 60_000 });
    vi.useFakeTimers();
    for (const [at, happen] of happenings) {
      vi.setSystemTime(at);
      happen(events);
    }
    return { events, decks };
  }
  afterEach(() => {
    vi.useRealTimers();
  });

  const page = (d: Deck | undefined) => ids(d && pageFromDeck(d, null, 10, fresh));

  it('serves the rows as read, and keeps the deck like one read here', () => {
    const { decks } = heard();
    vi.setSystemTime(t0 + 1_000);
    const d = decks.adopt(viewer, shared(t0), day);
    expect(page(d)).toEqual(rows(10).map((r) => r.id));
    expect(decks.get(viewer, deckKey(query), day)).toBe(d);
  });

  it('leaves out members swiped since the read began (or within the clock slack before it), not those swiped long before', () => {
    const { decks } = heard(
      [t0 - CLOCK_SLACK_MS - 1, (e) => e.publish('feed.hidden', { pairs: [[viewer, id(1)]] })],
      [t0 - CLOCK_SLACK_MS + 1, (e) => e.publish('feed.hidden', { pairs: [[viewer, id(2)]] })],
      [t0 + 500, (e) => e.publish('feed.hidden', { pairs: [[viewer, id(3)], [id(501), id(4)]] })],
    );
    const d = decks.adopt(viewer, shared(t0), day);
    expect(page(d)).toEqual([0, 1, 4, 5, 6, 7, 8, 9].map(id));
  });

  it('leaves out members who changed since the read began', () => {
    const { decks } = heard(
      [t0 - CLOCK_SLACK_MS - 1, (e) => e.publish('users.changed', { userIds: [id(1)] })],
      [t0 + 500, (e) => e.publish('users.changed', { userIds: [id(5)] })],
    );
    expect(page(decks.adopt(viewer, shared(t0), day))).toEqual([0, 1, 2, 3, 4, 6, 7, 8, 9].map(id));
  });

  it('refuses the deck when the viewer’s feed went stale or they changed since the read began', () => {
    for (const name of ['feed.stale', 'users.changed'] as const) {
      const { decks } = heard([t0 - CLOCK_SLACK_MS + 1, (e) => e.publish(name, { userIds: [viewer] })]);
      expect(decks.adopt(viewer, shared(t0), day)).toBeUndefined();
      expect(decks.get(viewer, deckKey(query), day)).toBeUndefined();
    }
    const { decks } = heard([t0 - CLOCK_SLACK_MS - 1, (e) => e.publish('feed.stale', { userIds: [viewer] })]);
    expect(decks.adopt(viewer, shared(t0), day)).toBeDefined();
  });

  it('refuses a deck whose read began before this process heard the others again (resync), within the clock slack', () => {
    const { decks } = heard([t0 + 500, (e) => e.emit('cluster.resync', {})]);
    expect(decks.adopt(viewer, shared(t0), day)).toBeUndefined();
    expect(decks.adopt(viewer, shared(t0 + 500 + CLOCK_SLACK_MS), day)).toBeUndefined();
    expect(decks.adopt(viewer, shared(t0 + 500 + CLOCK_SLACK_MS + 1), day)).toBeDefined();
  });

  it('refuses a deck of another day or past its lifetime, and keeps nothing while decks are off', () => {
    const { decks } = heard();
    vi.setSystemTime(t0 + 1_000);
    expect(decks.adopt(viewer, { ...shared(t0), day: '2026-11-21' }, day)).toBeUndefined();
    expect(decks.adopt(viewer, shared(t0 - 60_001), day, t0)).toBeUndefined();
    const off = new FeedDecks({ events: new EventBus(), enabled: () => false, size: 10 });
    expect(off.adopt(viewer, shared(t0), day)).toBeUndefined();
  });

  it('applies what is heard after the adoption as to any kept deck', () => {
    const { events, decks } = heard();
    vi.setSystemTime(t0 + 1_000);
    const d = decks.adopt(viewer, shared(t0), day);
    events.publish('feed.hidden', { pairs: [[viewer, id(0)]] });
    events.publish('users.changed', { userIds: [id(1)] });
    expect(d && ids(pageFromDeck(d, null, 3, (m) => decks.isStale(d, m)))).toEqual([2, 3, 4].map(id));
  });
});
