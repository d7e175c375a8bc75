import { ABOUT_PREVIEW, distanceBand, type FeedCard, type FeedQuery } from '@funkeln/contracts/feed';
import { describeBadge } from '@funkeln/contracts/leaderboard';
import { ageOn, berlinToday, type Gender } from '@funkeln/contracts/profiles';
import type { Db } from '../../db/client.js';
import { AppError } from '../../platform/http/errors.js';
import type { Metrics } from '../../platform/metrics/metrics.js';
import type { CursorSealer } from '../../platform/crypto/sealed-cursor.js';
import type { PhotosService } from '../photos/index.js';
import type { FeedIndex } from './feed-index.js';
import type { DeckShare } from './feed-deck-share.js';
import { compareRank, deckKey, pageFromDeck, type Deck, type DeckQuery, type DeckRow, type FeedDecks, type SharedDeck } from './feed-decks.js';
import { findCardColumns, findCardRow, findFeedPage, findViewer, type CardColumns, type FeedCursor, type FeedFilter, type FeedRow } from './feed.repo.js';

const PAGE = 20;
/** How much of the about-me text a card's columns bring: one character more than a card shows tells whether it goes on. */
const ABOUT_CHARS = ABOUT_PREVIEW + 1;
/** The card columns of a member gone since the ranking (no profile row): the card shows the ranking's own fields. */
const NO_COLUMNS: CardColumns = Object.freeze({ photoIds: [], allInterests: [], aboutStart: '', verified: false, badgeRows: [] });

/** The viewer's side of their feed's filter. */
interface ViewerProfile {
  gender: Gender | null;
  birthDate: string | null;
  interestedIn: Gender[];
  ageMin: number;
  ageMax: number;
  interests: string[];
  origin: { lat: number; lon: number } | null;
}

function shiftYears(isoDay: string, years: number, days = 0): string {
  const [y, m, d] = isoDay.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y - years, m - 1, d + days)).toISOString().slice(0, 10);
}

/** A feed cursor opens only for the viewer it was sealed for. */
const cursorContext = (viewerId: string) => `feed\n${viewerId}`;

function toCursor(value: unknown): FeedCursor {
  if (Array.isArray(value) && value.length === 3) {
    const [activeDay, distM, id] = value as unknown[];
    if (Number.isInteger(activeDay) && Number.isInteger(distM) && typeof id === 'string' && /^[0-9a-f-]{36}$/.test(id)) {
      return { activeDay: activeDay as number, distM: distM as number, id };
    }
  }
  throw new AppError('invalid_cursor');
}

/**
 * How many ranked rows a deck holds: three pages, read from the database in one query (and as many
 * per refill). A ranking's cost grows with the rows it ranks; a visit is shown 20-40 cards
 * (bench:load), so rows ranked beyond that are mostly read for nobody. (100 until 2026-11-28.)
 */
export const DECK_SIZE = 3 * PAGE;

/**
 * A refill starts when fewer rows than this (one page) are left after the page served: the member
 * swipes through that page (~20 cards, half a minute) while the refill takes milliseconds.
 */
const REFILL_BELOW = PAGE;

/** What FeedService is built from (named, so no call site depends on an argument order). */
export interface FeedServiceDeps {
  db: Db;
  photos: PhotosService;
  decks: FeedDecks | undefined;
  /** Decks shared with the deployment's other processes (with Redis); only used while decks are on. */
  share?: DeckShare;
  /** A failure of the shared decks' store: logged, and the feed is read from the database instead. */
  onShareError?: (err: unknown) => void;
  /** The ranking in memory (the embedded database only); without it every ranking is a query. */
  index?: FeedIndex;
  cursors: CursorSealer;
  metrics: Pick<Metrics, 'feedDeckReads' | 'feedPages' | 'feedRankings'>;
}

export class FeedService {
  private readonly db: Db;
  private readonly photos: PhotosService;
  private readonly decks: FeedDecks | undefined;
  private readonly share: DeckShare | undefined;
  private readonly onShareError: (err: unknown) => void;
  private readonly index: FeedIndex | undefined;
  private readonly cursors: CursorSealer;
  private readonly metrics: FeedServiceDeps['metrics'];
  constructor(deps: FeedServiceDeps) {
    this.db = deps.db;
    this.photos = deps.photos;
    this.decks = deps.decks;
    this.share = deps.share;
    this.onShareError = deps.onShareError ?? (() => undefined);
    this.index = deps.index;
    this.cursors = deps.cursors;
    this.metrics = deps.metrics;
  }

  /** A page of cards and the cursor of the next page (null at the end). */
  async page(viewerId: string, isPremium: boolean, query: FeedQuery): Promise<{ cards: FeedCard[]; next: string | null }> {
    const radiusKm = query.radius ? Number(query.radius) : null;
    if (radiusKm !== null && !(radiusKm >= 1 && radiusKm <= 500)) throw new AppError('invalid_radius');
    const after = query.cursor ? toCursor(await this.cursors.open(query.cursor, cursorContext(viewerId))) : null;
    const today = berlinToday();
    const limit = query.limit ?? PAGE;
    const deckQuery: DeckQuery = { radiusKm, onlyVerified: query.verified === 'true' };
    this.rememberQuery(viewerId, deckQuery);
    // A request that finds no deck waits only for its page (a whole deck where decks are shared, readDeck): the deck's further rows follow once the member swipes (fromDeck).
    const deck = await this.decks?.obtain(viewerId, deckQuery, today, (seq) => this.readDeck(viewerId, deckQuery, today, seq, { reason: 'request', size: Math.min(limit, this.decks?.size ?? limit) }));
    let rows = deck ? await this.fromDeck(viewerId, deck, after, limit) : undefined;
    let hasOrigin = deck?.hasOrigin ?? false;
    let interests = deck?.interests ?? [];
    this.metrics.feedPages.inc({ source: rows ? 'deck' : 'database' });
    if (!rows) {
      const { interests: mine, ...filter } = await this.filterFor(viewerId, deckQuery, today);
      rows = await this.ranked({ ...filter, after, limit });
      hasOrigin = filter.origin !== null;
      interests = mine;
    }
    const cards = await this.cards(rows, interests, today, isPremium && hasOrigin);
    const last = rows.at(-1);
    const next = rows.length === limit && last ? await this.cursors.seal([last.activeDay, last.distM, last.id], cursorContext(viewerId)) : null;
    return { cards, next };
  }

  /**
   * One member's card as the viewer's feed shows it (its distance band for premium members, the
   * viewer's shared interests first): an undone swipe puts back the card that was swiped. Null when
   * the member has no card (no profile, birth date or approved photo, or suspended).
   */
  async card(viewerId: string, isPremium: boolean, memberId: string): Promise<FeedCard | null> {
    const me = await this.viewer(viewerId);
    const origin = me?.origin ?? null;
    const row = await findCardRow(this.db, memberId, origin, ABOUT_CHARS);
    if (!row) return null;
    const [card] = await this.cards([row], me?.interests ?? [], berlinToday(), isPremium && origin !== null);
    return card ?? null;
  }

  /** Whether rankings come from memory now (the feed index is on and loaded). */
  get ranksInMemory(): boolean {
    return this.index?.ready ?? false;
  }

  /**
   * Reads the deck of the feed the member asked for last, unless it is ready or being read: called
   * when their socket connects (the app opening), so the first page is served from memory. A member
   * who cannot have a feed yet (incomplete profile) gets none.
   */
  async prepare(viewerId: string): Promise<void> {
    const decks = this.decks;
    if (!decks) return;
    const deckQuery = decks.lastQuery(viewerId) ?? (await this.shared((share) => share.lastQuery(viewerId))) ?? { radiusKm: null, onlyVerified: false };
    const today = berlinToday();
    const read = (seq: number) => this.readDeck(viewerId, deckQuery, today, seq, { reason: 'prepare', size: decks.size });
    await decks.obtain(viewerId, deckQuery, today, read)?.catch((err: unknown) => {
      if (!(err instanceof AppError)) throw err;
    });
  }

  /**
   * The page after `after` from the deck; a page that runs past the deck's end waits for the
   * refill. While the member swipes, the next rows are read in the background once fewer than
   * REFILL_BELOW are left after the page, so the next pages come from memory too.
   */
  private async fromDeck(viewerId: string, deck: Deck, after: FeedCursor | null, limit: number): Promise<DeckRow[] | undefined> {
    const decks = this.decks;
    if (!decks) return undefined;
    const isStale = (id: string) => decks.isStale(deck, id);
    let rows = pageFromDeck(deck, after, limit, isStale);
    if (!rows && !deck.complete) {
      // A failed refill leaves the page to the database read below it (which reports a real failure).
      await this.refill(viewerId, deck).catch(() => undefined);
      rows = pageFromDeck(deck, after, limit, isStale);
    }
    const last = rows?.at(-1);
    if (last && !deck.complete && deck.rows.length - deck.rows.indexOf(last) - 1 < REFILL_BELOW) {
      const start = () => void this.refill(viewerId, deck).catch(() => undefined); // the next page retries it
      // A deck read for its first page alone is refilled once the member starts swiping through it,
      // not at once: members opening the app at the same moment wait for their first pages first.
      if (deck.hidden.size > 0) start();
      else deck.onAction = start;
    }
    return rows;
  }

  /** Reads the rows after the deck's last one into it (one read at a time per deck). */
  private refill(viewerId: string, deck: Deck): Promise<void> {
    deck.refill ??= this.readMore(viewerId, deck).finally(() => {
      deck.refill = undefined;
    });
    return deck.refill;
  }

  private async readMore(viewerId: string, deck: Deck): Promise<void> {
    const decks = this.decks;
    const last = deck.rows.at(-1);
    if (!decks || !last || deck.complete) return;
    const key = deckKey(deck.query);
    const shared = await this.shared((share) => share.get(viewerId, key));
    const other = shared && decks.fromShared(viewerId, shared, deck.day);
    // Another process's deck that reaches further than this one: its further rows, as they were when it was read.
    const beyond = other?.rows.filter((r) => compareRank(r, last) > 0 && !other.hidden.has(r.id));
    let seq: number;
    let more: DeckRow[];
    let complete: boolean;
    const fromShare = other !== undefined && beyond !== undefined && (beyond.length > 0 || other.complete);
    if (fromShare) {
      this.metrics.feedDeckReads.inc({ reason: 'shared' });
      ({ seq, complete } = other);
      more = beyond;
    } else {
      seq = decks.begin();
      this.metrics.feedDeckReads.inc({ reason: 'refill' });
      // The deck's cards list the viewer's interests as they were at its read (a change of theirs drops the deck).
      const { interests: _sameAsTheDecks, ...filter } = await this.filterFor(viewerId, deck.query, deck.day);
      more = await this.ranked({ ...filter, after: last, limit: decks.size });
      complete = more.length < decks.size;
    }
    // Members ranked below the last row then can only have moved up since (activity only grows): none is in the deck twice.
    const known = new Set(deck.rows.map((r) => r.id));
    const fresh = more.filter((r) => !known.has(r.id));
    deck.later ??= new Map();
    for (const r of fresh) deck.later.set(r.id, seq);
    // Rows the member acted on are never served again: the deck keeps only what is still to come.
    const kept = deck.rows.filter((r) => !deck.hidden.has(r.id));
    for (const r of deck.rows) if (deck.hidden.has(r.id)) deck.later.delete(r.id);
    deck.rows = [...kept, ...fresh];
    deck.complete = complete;
    // A longer deck read here is left for the others (not waited for); one taken from them is there already.
    if (!fromShare && fresh.length > 0) void this.shared((share) => share.put(viewerId, key, toShared(deck)));
  }

  /**
   * The viewer's deck for `query`. With decks shared between processes, one process reads it for all:
   * the deck another process left (adopted), else the claim of the read, which waits while another
   * process reads it and then takes that one. A claimed read is a whole deck whatever asked for it
   * (one ranking for the viewer's visit wherever their requests land).
   */
  private async readDeck(viewerId: string, query: DeckQuery, today: string, seq: number, read: { reason: 'prepare' | 'request'; size: number }): Promise<Deck> {
    if (!this.share) return (await this.readFromDb(viewerId, query, today, seq, read)).deck;
    const key = deckKey(query);
    const taken = await this.takeShared(viewerId, key, today);
    if (taken) return taken;
    const claimed = await this.shared((s) => s.claim(viewerId, key));
    if (claimed === false) {
      // Another process read it meanwhile: its deck, unless something happened since that makes it of no use here.
      return (await this.takeShared(viewerId, key, today)) ?? (await this.readFromDb(viewerId, query, today, seq, read)).deck;
    }
    const reading = this.readFromDb(viewerId, query, today, seq, { reason: read.reason, size: this.decks?.size ?? read.size });
    // Left for the others once this request has its answer; the release (which wakes them) follows the deck.
    if (claimed) {
      void reading
        .then(({ deck, kept }) => (kept ? this.shared((s) => s.put(viewerId, key, toShared(deck))) : undefined), () => undefined)
        .finally(() => this.shared((s) => s.release(viewerId, key)));
    }
    return (await reading).deck;
  }

  /** The deck another process left for the viewer, as this process may serve it (kept), if any. */
  private async takeShared(viewerId: string, key: string, today: string): Promise<Deck | undefined> {
    const shared = await this.shared((s) => s.get(viewerId, key));
    const deck = shared && this.decks?.adopt(viewerId, shared, today);
    if (deck) this.metrics.feedDeckReads.inc({ reason: 'shared' });
    return deck;
  }

  /**
   * The top `size` rows of the ranking, kept for the next pages when decks are on. A request reads
   * a page (the cold ranking of a page is a fraction of a deck's: fewer days may fill it, and card
   * details are read for its rows only); the app's opening (prepare) reads a whole deck.
   */
  private async readFromDb(viewerId: string, query: DeckQuery, today: string, seq: number, read: { reason: 'prepare' | 'request'; size: number }): Promise<{ deck: Deck; kept: boolean }> {
    const decks = this.decks;
    if (!decks) throw new Error('feed decks are off');
    this.metrics.feedDeckReads.inc({ reason: read.reason });
    const at = Date.now();
    const { interests, ...filter } = await this.filterFor(viewerId, query, today);
    const rows = await this.ranked({ ...filter, after: null, limit: read.size });
    const deck: Deck = { seq, at, query, day: today, rows, interests, complete: rows.length < read.size, hasOrigin: filter.origin !== null, hidden: new Set() };
    return { deck, kept: decks.keep(viewerId, deckKey(query), deck) };
  }

  /** The viewer's latest feed for the process their socket reaches next (when this process did not know it yet). */
  private rememberQuery(viewerId: string, query: DeckQuery): void {
    const known = this.decks?.lastQuery(viewerId);
    if (this.share && (!known || deckKey(known) !== deckKey(query))) void this.shared((s) => s.setLastQuery(viewerId, query));
  }

  /** A call to the shared decks' store; its failure is reported and answers undefined (the database is read instead). */
  private async shared<T>(call: (share: DeckShare) => Promise<T>): Promise<T | undefined> {
    if (!this.share || !this.decks) return undefined;
    try {
      return await call(this.share);
    } catch (err) {
      this.onShareError(err);
      return undefined;
    }
  }

  /** The ranking's rows: from the index when it can answer (with their card columns), else from the database (without). */
  private async ranked(filter: FeedFilter): Promise<DeckRow[]> {
    const fromIndex = await this.index?.page(filter);
    this.metrics.feedRankings.inc({ source: fromIndex ? 'memory' : 'database' });
    return fromIndex ?? findFeedPage(this.db, filter);
  }

  /** Who the viewer is looking for (and the viewer's interests); 409 while the profile is incomplete. */
  private async filterFor(viewerId: string, { radiusKm, onlyVerified }: DeckQuery, today: string): Promise<Omit<FeedFilter, 'after' | 'limit'> & { interests: string[] }> {
    const me = await this.viewer(viewerId);
    if (!me?.gender || !me.birthDate || me.interestedIn.length === 0) {
      throw new AppError('profile_incomplete');
    }
    const origin = me.origin;
    if (radiusKm !== null && !origin) {
      throw new AppError('no_place');
    }
    return {
      viewerId,
      viewerGender: me.gender,
      interestedIn: me.interestedIn,
      viewerAge: ageOn(me.birthDate, today),
      minBirth: shiftYears(today, me.ageMax + 1),
      maxBirth: shiftYears(today, me.ageMin),
      origin,
      radiusKm,
      onlyVerified,
      aboutChars: ABOUT_CHARS,
      interests: me.interests,
    };
  }

  /**
   * What the viewer's filter is made of: from the index's row when it has one (no statement), else
   * the same columns from the profile (findViewer). The town's coordinates are the profile's copy,
   * which the database keeps equal to the town's.
   */
  private async viewer(viewerId: string): Promise<ViewerProfile | undefined> {
    const row = (await this.index?.member(viewerId)) ?? (await findViewer(this.db, viewerId));
    if (!row) return undefined;
    const origin = row.lat === null || row.lon === null ? null : { lat: row.lat, lon: row.lon };
    return { gender: row.gender, birthDate: row.birth_date, interestedIn: row.interestedIn, ageMin: row.ageMin, ageMax: row.ageMax, interests: row.allInterests, origin };
  }

  /**
   * The page's cards. Rows ranked by the database get their card columns here, the page's rows in
   * one statement, and keep them (a page served again, or by another request, reads nothing).
   * Photo links are signed for the page only (the main photo and the gallery); badge names may lag
   * by the deck's lifetime; interests list the viewer's shared ones first.
   */
  private async cards(rows: DeckRow[], viewerInterests: string[], today: string, withDistance: boolean): Promise<FeedCard[]> {
    const missing = rows.filter((r) => !hasColumns(r)).map((r) => r.id);
    const read = missing.length > 0 ? await findCardColumns(this.db, missing, ABOUT_CHARS) : undefined;
    const full = rows.map((r) => (hasColumns(r) ? r : Object.assign(r, read?.get(r.id) ?? NO_COLUMNS)));
    // photoIds starts with the main photo (photo_id) unless the member's photos changed since the ranking: then the ranked one alone.
    const galleries = full.map((r) => (r.photoIds[0] === r.photo_id ? r.photoIds : [r.photo_id]));
    // Every link of the page signed in one call, then handed out gallery by gallery.
    const links = await this.photos.largeUrls(galleries.flat());
    const mine = new Set(viewerInterests);
    let next = 0;
    return full.map((r, i) => toCard(r, links.slice(next, (next += galleries[i]!.length)), mine, today, withDistance));
  }
}

const hasColumns = (r: DeckRow): r is FeedRow & CardColumns => r.photoIds !== undefined;

/** A deck as the other processes may take it: what is still to come in it, from when it was read. */
function toShared(deck: Deck): SharedDeck {
  const { at, day, query, interests, complete, hasOrigin } = deck;
  return { at, day, query, rows: deck.rows.filter((r) => !deck.hidden.has(r.id)), interests, complete, hasOrigin };
}

function toCard(r: FeedRow & CardColumns, photos: string[], viewerInterests: ReadonlySet<string>, today: string, withDistance: boolean): FeedCard {
  const { interests, sharedInterests } = interestsFor(r.allInterests, viewerInterests);
  const badges = r.badgeRows.flatMap((b) => describeBadge(b.kind, b.scope)?.name ?? []);
  const about = aboutPreview(r.aboutStart);
  return {
    id: r.id,
    photoUrl: photos[0]!,
    photos,
    name: r.name,
    age: ageOn(r.birth_date, today),
    ...(r.city ? { city: r.city } : {}),
    ...(withDistance ? { distance: distanceBand(r.distM / 1000) } : {}),
    ...(badges.length > 0 ? { badges } : {}),
    ...(about ? { about } : {}),
    ...(interests.length > 0 ? { interests, sharedInterests } : {}),
    photoVerified: r.verified,
  };
}

/** The about-me text as a card shows it: whole when short, else cut at a word (by code points, never inside one) with '…', at most ABOUT_PREVIEW characters. */
export function aboutPreview(text: string): string {
  // No more UTF-16 units than the limit: no more code points either (the common case).
  if (text.length <= ABOUT_PREVIEW) return text;
  // Walked by code points (as Array.from splits a string) without splitting the whole text.
  let end = 0;
  let cutEnd = 0;
  for (let points = 0; end < text.length; points++) {
    if (points === ABOUT_PREVIEW) {
      const cut = text.slice(0, cutEnd);
      const space = cut.lastIndexOf(' ');
      return `${(space >= ABOUT_PREVIEW / 2 ? cut.slice(0, space) : cut).trimEnd()}…`;
    }
    if (points === ABOUT_PREVIEW - 1) cutEnd = end;
    end += (text.codePointAt(end) ?? 0) > 0xffff ? 2 : 1;
  }
  return text;
}

/** The member's interests with those the viewer shares first (each group in the member's order), and how many those are. */
function interestsFor(theirs: string[], mine: ReadonlySet<string>): { interests: string[]; sharedInterests: number } {
  const shared = theirs.filter((i) => mine.has(i));
  return { interests: [...shared, ...theirs.filter((i) => !mine.has(i))], sharedInterests: shared.length };
}
