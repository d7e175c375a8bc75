import type { Gender } from '@funkeln/contracts/profiles';
import { LRUCache } from 'lru-cache';
import type { Db } from '../../db/client.js';
import type { EventBus } from '../../platform/events/events.js';
import type { Job } from '../../platform/module.js';
import { batchedReads, ReadBatcher } from '../../platform/concurrency/read-batcher.js';
import { type ExclusionRow, findActiveDays, findBadgedSince, findExclusions, findIndexRows, type IndexRow } from './feed-index.repo.js';
import { rank, type Exclusions } from './feed-rank.js';
import type { CardColumns, FeedFilter, FeedRow } from './feed.repo.js';

/** Members read per statement while the index loads (keeps PGlite's one connection free between chunks). */
const LOAD_CHUNK = 500;
/** Reload rounds a page waits for before it leaves the page to the database. */
const MAX_SETTLE_ROUNDS = 3;
/** Badges are added by database triggers, announced by no event: polled this often (cards may lag by it, as decks do). */
const BADGE_POLL_MS = 60_000;

/** A load of a viewer's exclusions in flight; `changed` when an event about the viewer arrived during it. */
interface Loading {
  changed: boolean;
}

/** What FeedIndex is built from (named, so no call site depends on an argument order). */
export interface FeedIndexDeps {
  db: Db;
  events: EventBus;
  /** How much of the about-me text a row keeps (the feed's FeedFilter.aboutChars). */
  aboutChars: number;
  /** Whether pages come from the index (default: always); off, it answers undefined and the database ranks. */
  enabled?: () => boolean;
  /** How long a viewer's exclusions are kept (a skip hidden by an event shows again only after a read). */
  ttlMs?: number;
  maxViewers?: number;
}

/**
 * The feed ranking in memory, for the embedded database (issue 21): one process holds every
 * member's ranking columns and card, so a page ranks without a ranking query on PGlite's one
 * connection; only the viewer's exclusions (swipes, blocks) are read, once per viewer.
 *
 * Exact as the database, because on the embedded database every write happens in this process and
 * announces itself: `users.changed` (profile, photos, account, standing, verification) and
 * `members.active` (the last-seen write, the active day) mark members dirty, and a page first
 * reloads the dirty ones from the database; `feed.hidden` adds to a viewer's exclusions at once,
 * `feed.stale` (an undo, an unblock) drops them for a new read. Badges come from database triggers
 * without an event: polled, so a card's badges may lag by a minute (as a deck's do by its life).
 *
 * The ranking is feedQuery's, written in TypeScript (the same order, filters, cursor and distance
 * formula: see distM); `page` returns exactly findFeedPage's rows with their findCardColumns, which
 * feed-index.test.ts checks against the queries over random populations. Until the first load is done, and when members keep
 * changing faster than they reload, `page` answers undefined and the caller asks the database.
 */
export class FeedIndex implements Job {
  private readonly db: Db;
  private readonly aboutChars: number;
  private readonly ttlMs: number;
  private readonly enabled: () => boolean;
  private readonly members = new Map<string, IndexRow>();
  /**
   * The same members by active day and gender, and the days in ranking order (most recent first):
   * a page scans only the genders the viewer is looking for (about half the members).
   */
  private readonly byDay = new Map<number, Map<Gender | null, Map<string, IndexRow>>>();
  private days: number[] = [];
  /** Members changed since their row was read: the generation of the change, and whether more than the active day may have changed. */
  private readonly dirty = new Map<string, { generation: number; full: boolean }>();
  private reloadSoon: NodeJS.Immediate | undefined;
  private generation = 0;
  private reloading: Promise<void> | undefined;
  private loaded = false;
  private loading: Promise<void> | undefined;
  private readonly exclusions: LRUCache<string, Exclusions>;
  private readonly exclusionLoads = new Map<string, Set<Loading>>();
  /** Viewers' exclusions read from the database, those asked for together in one statement (a crowd opening the app at once). */
  private readonly exclusionReads: ReadBatcher<string, ExclusionRow[]>;
  private badgesCheckedAt: Date | undefined;
  private badgePoll: NodeJS.Timeout | undefined;
  private readonly offs: (() => void)[] = [];
  private stopped = false;

  constructor(deps: FeedIndexDeps) {
    this.db = deps.db;
    this.aboutChars = deps.aboutChars;
    this.ttlMs = deps.ttlMs ?? 5 * 60_000;
    this.enabled = deps.enabled ?? (() => true);
    this.exclusions = new LRUCache({ max: deps.maxViewers ?? 20_000 });
    this.exclusionReads = new ReadBatcher((viewerIds) => findExclusions(this.db, viewerIds), batchedReads(this.db));
    const { events } = deps;
    const changed = ({ userIds: memberIds }: { userIds: string[] }) => this.markDirty(memberIds, true);
    const dropExclusions = ({ userIds: memberIds }: { userIds: string[] }) => {
      for (const id of memberIds) {
        this.exclusions.delete(id);
        for (const l of this.exclusionLoads.get(id) ?? []) l.changed = true;
      }
    };
    this.offs.push(
      events.on('users.changed', (e) => {
        changed(e);
        dropExclusions(e);
      }),
      events.on('members.active', ({ memberIds }) => this.markDirty(memberIds, false)),
      events.on('feed.stale', dropExclusions),
      events.on('feed.hidden', ({ pairs }) => {
        for (const [viewer, member] of pairs) {
          this.exclusions.get(viewer)?.hidden.add(member);
          for (const l of this.exclusionLoads.get(viewer) ?? []) l.changed = true;
        }
      }),
    );
  }

  /** Loads every member in the background (pages go to the database until it is done) and starts the badge poll; a first page does so too. */
  start(): void {
    if (this.stopped) return;
    this.loading ??= this.load().catch(() => {
      this.loading = undefined; // the next start (or page) tries again
    });
    this.badgePoll ??= setInterval(() => void this.pollBadges().catch(() => undefined), BADGE_POLL_MS).unref();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearInterval(this.badgePoll);
    clearImmediate(this.reloadSoon);
    this.badgePoll = undefined;
    for (const off of this.offs.splice(0)) off();
    await this.loading;
  }

  /** Whether pages come from memory (enabled, and the first load is done). */
  get ready(): boolean {
    return this.loaded && !this.stopped && this.enabled();
  }

  /**
   * findFeedPage's rows for `f` with their card columns, ranked in memory; undefined when the index cannot answer exactly
   * now (still loading, or members changing faster than they reload): then the database ranks.
   */
  async page(f: FeedFilter): Promise<(FeedRow & CardColumns)[] | undefined> {
    if (!this.loaded) this.start();
    // Stopped, it no longer hears the events that keep it exact.
    if (!this.ready || f.aboutChars !== this.aboutChars) return undefined;
    const excluded = await this.exclusionsOf(f.viewerId);
    if (!excluded || !(await this.settle())) return undefined;
    // From here on nothing awaits: the members and exclusions ranked are those of this moment.
    return rank(this.dayBuckets(f.interestedIn), f, excluded, Date.now());
  }

  /**
   * A member's row as the database has it now (the viewer's own profile, for their filter);
   * undefined when the index cannot say (not loaded, members changing) or has no such member.
   */
  async member(id: string): Promise<IndexRow | undefined> {
    if (!this.ready || !(await this.settle())) return undefined;
    return this.members.get(id);
  }

  private async load(): Promise<void> {
    const started = new Date();
    let after = '00000000-0000-0000-0000-000000000000';
    for (;;) {
      const rows = await findIndexRows(this.db, { after, limit: LOAD_CHUNK }, this.aboutChars);
      for (const r of rows) this.put(r.id, r);
      const last = rows.at(-1);
      if (!last || rows.length < LOAD_CHUNK) break;
      after = last.id;
    }
    // Badges awarded while the chunks were read may have missed a chunk read before them.
    this.badgesCheckedAt = new Date(started.getTime() - 1000);
    await this.pollBadges();
    this.loaded = true;
    // Members changed while the chunks were read are reloaded now rather than by the first page.
    if (this.dirty.size > 0) void this.settle().catch(() => undefined);
  }

  /** Marks members dirty who were awarded a badge since the last poll (with a margin for transactions still open then). */
  private async pollBadges(): Promise<void> {
    const since = this.badgesCheckedAt;
    if (!since) return;
    const now = new Date();
    this.markDirty(await findBadgedSince(this.db, new Date(since.getTime() - 5000)), true);
    this.badgesCheckedAt = now;
  }

  /** Reloads dirty members until none is left; false if they kept changing for MAX_SETTLE_ROUNDS rounds. */
  private async settle(): Promise<boolean> {
    for (let round = 0; this.dirty.size > 0; round++) {
      if (round === MAX_SETTLE_ROUNDS) return false;
      this.reloading ??= this.reloadDirty().finally(() => {
        this.reloading = undefined;
      });
      await this.reloading;
    }
    return true;
  }

  /**
   * Marks members for a reload, which starts at once in the background (coalesced), so pages rarely
   * wait for it; a page that finds members still dirty waits (settle).
   */
  private markDirty(ids: readonly string[], full: boolean): void {
    for (const id of ids) {
      this.generation += 1;
      this.dirty.set(id, { generation: this.generation, full: full || (this.dirty.get(id)?.full ?? false) });
    }
    if (ids.length === 0 || !this.loaded || this.stopped || this.reloadSoon) return;
    this.reloadSoon = setImmediate(() => {
      this.reloadSoon = undefined;
      void this.settle().catch(() => undefined); // a page retries (and a failing database fails it there)
    });
  }

  /**
   * Reloads every dirty member: whole rows where anything may have changed, only the active day
   * where the last-seen write was all (a fraction of a row's cost). A member changed again while
   * it ran stays dirty for the next round.
   */
  private async reloadDirty(): Promise<void> {
    const batch = [...this.dirty];
    const full = batch.filter(([, d]) => d.full).map(([id]) => id);
    const dayOnly = batch.filter(([, d]) => !d.full).map(([id]) => id);
    const [rows, days] = await Promise.all([
      full.length > 0 ? findIndexRows(this.db, { ids: full }, this.aboutChars) : [],
      dayOnly.length > 0 ? findActiveDays(this.db, dayOnly) : [],
    ]);
    const byId = new Map(rows.map((r) => [r.id, r]));
    const dayById = new Map(days.map((r) => [r.id, r.activeDay]));
    for (const [id, mark] of batch) {
      if (this.dirty.get(id)?.generation !== mark.generation) continue;
      this.dirty.delete(id);
      if (mark.full) {
        this.put(id, byId.get(id));
        continue;
      }
      const known = this.members.get(id);
      const day = dayById.get(id);
      // A member without a row here has no profile yet; the profile's creation announces itself.
      if (known && day !== undefined && day !== known.activeDay) this.put(id, { ...known, activeDay: day });
    }
  }

  /** Sets (or with no row removes) a member, in the day buckets too. */
  private put(id: string, row: IndexRow | undefined): void {
    const old = this.members.get(id);
    if (old) {
      const day = this.byDay.get(old.activeDay);
      const bucket = day?.get(old.gender);
      bucket?.delete(id);
      if (bucket?.size === 0) day?.delete(old.gender);
      if (day?.size === 0) {
        this.byDay.delete(old.activeDay);
        this.days = [];
      }
      this.members.delete(id);
    }
    if (!row) return;
    this.members.set(id, row);
    let day = this.byDay.get(row.activeDay);
    if (!day) {
      day = new Map();
      this.byDay.set(row.activeDay, day);
      this.days = [];
    }
    let bucket = day.get(row.gender);
    if (!bucket) {
      bucket = new Map();
      day.set(row.gender, bucket);
    }
    bucket.set(id, row);
  }

  /** The members of `genders` day by day, most recently active first (the ranking's first key). */
  private *dayBuckets(genders: readonly Gender[]): Generator<[number, Iterable<IndexRow>]> {
    if (this.days.length === 0) this.days = [...this.byDay.keys()].sort((a, b) => b - a);
    const distinct = [...new Set(genders)]; // each member once, should a gender be listed twice
    for (const day of this.days) {
      const byGender = this.byDay.get(day);
      if (byGender) yield [day, membersOf(byGender, distinct)];
    }
  }

  /** The viewer's exclusions, read once and kept by events; undefined if events about the viewer kept racing the read. */
  private async exclusionsOf(viewerId: string): Promise<Exclusions | undefined> {
    const now = Date.now();
    const kept = this.exclusions.get(viewerId);
    if (kept && now - kept.at <= this.ttlMs) return kept;
    for (let attempt = 0; attempt < MAX_SETTLE_ROUNDS; attempt++) {
      const flag: Loading = { changed: false };
      const loads = this.exclusionLoads.get(viewerId) ?? new Set<Loading>();
      loads.add(flag);
      this.exclusionLoads.set(viewerId, loads);
      const at = Date.now();
      const rows = await this.exclusionReads.load(viewerId).finally(() => {
        loads.delete(flag);
        if (loads.size === 0) this.exclusionLoads.delete(viewerId);
      });
      if (flag.changed) continue;
      const excluded: Exclusions = { hidden: new Set(), skippedAt: new Map(), at };
      for (const r of rows ?? []) {
        if (r.skippedAt === null) excluded.hidden.add(r.id);
        else excluded.skippedAt.set(r.id, Math.max(excluded.skippedAt.get(r.id) ?? 0, r.skippedAt.getTime()));
      }
      this.exclusions.set(viewerId, excluded);
      return excluded;
    }
    return undefined;
  }
}

/** One day's members of the given (distinct) genders. */
function* membersOf(byGender: Map<Gender | null, Map<string, IndexRow>>, genders: readonly Gender[]): Generator<IndexRow> {
  for (const gender of genders) {
    const bucket = byGender.get(gender);
    if (bucket) yield* bucket.values();
  }
}
