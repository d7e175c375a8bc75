import { randomBytes, randomInt } from 'node:crypto';
import { ageOn, berlinToday } from '@funkeln/contracts/profiles';
import {
  type EntriesBody,
  type EntriesResponse,
  type LeaderboardEntry,
  photoCategories,
  type PhotoCategory,
  type VoteCandidate,
} from '@funkeln/contracts/leaderboard';
import type { Db, Queryable } from '../../db/client.js';
import { CoalescedRuns } from '../../platform/concurrency/coalesced-runs.js';
import { AppError } from '../../platform/http/errors.js';
import type { EventBus } from '../../platform/events/events.js';
import type { PhotosService } from '../photos/index.js';
import * as repo from './leaderboard.repo.js';

/** 'YYYY-MM' of a moment in Europe/Berlin: a vote counts for the month it was cast in there. */
export function berlinMonth(at: Date = new Date()): string {
  return berlinToday(at).slice(0, 7);
}

const notVotable = () => new AppError('not_found', { params: { of: 'votable_photo' } });

/**
 * The chance in GET /api/votes/next: a pivot, a random point in the member-id key space where the
 * search for candidates starts, and which of the found candidates (0..count-1) is shown.
 */
export interface CandidateDraw {
  pivot(): string;
  pick(count: number): number;
}

const randomDraw: CandidateDraw = {
  pivot: () => randomBytes(16).toString('hex').replace(/^(.{8})(.{4})(.{4})(.{4})/, '$1-$2-$3-$4-'),
  pick: (count) => randomInt(count),
};

/**
 * How many candidates after the pivot the shown one is drawn from. A candidate's chance is
 * proportional to the key distance from the CANDIDATE_WINDOW-th eligible entry before it to it
 * (with a window of 1: the gap before it alone). Member ids are random UUIDs, so single gaps vary
 * about as much as their mean (exponentially): some photos would be shown several times as often
 * as others, for their whole membership (ids never change), and showings turn into votes. The sum
 * of 8 gaps varies about 1/sqrt(8) = 35 % around its mean, so photos get roughly even shares (two in
 * three within +-35 %); with 8 or fewer eligible photos left each is equally likely. The price: 8
 * eligible rows read per call instead of 1.
 */
const CANDIDATE_WINDOW = 8;

/** What LeaderboardService is built from (named, so no call site depends on an argument order). */
export interface LeaderboardServiceDeps {
  db: Db;
  photos: PhotosService;
  events: EventBus;
  /** Tests fix it; random otherwise. */
  draw?: CandidateDraw;
  /** A live Top10 announcement after a vote failed (it runs after the vote's answer). */
  onError?: (err: unknown) => void;
  /**
   * Whether the running Top10 may be kept in memory between changes now: where every process that
   * changes scores or entries reaches this one's events (the embedded database, or PostgreSQL with
   * the Redis event channel connected); each change announces itself (`leaderboard.scored`).
   */
  keepTop?: () => boolean;
}

/** A running Top10 as last read, and the month it was read for. */
interface KeptTop {
  month: string;
  rows: repo.RankRow[];
}

export class LeaderboardService {
  private readonly db: Db;
  private readonly photos: PhotosService;
  private readonly events: EventBus;
  private readonly draw: CandidateDraw;
  private readonly onError: (err: unknown) => void;
  /**
   * Announcements per category: one read of the live Top10 at a time, the calls made during it
   * share the next read (see CoalescedRuns). Many votes at once cost a few reads, not one each.
   */
  private readonly announcements = new CoalescedRuns<PhotoCategory, string | null>((category, photoIds) => this.publishTop(category, photoIds));
  /** The running Top10 per category between changes (keepTop); `changes` counts changes, so a read that raced one is not kept. */
  private readonly tops = new Map<PhotoCategory, KeptTop>();
  private readonly keepTop: () => boolean;
  private changes = 0;

  constructor(deps: LeaderboardServiceDeps) {
    this.db = deps.db;
    this.photos = deps.photos;
    this.events = deps.events;
    this.draw = deps.draw ?? randomDraw;
    this.onError = deps.onError ?? (() => undefined);
    this.keepTop = deps.keepTop ?? (() => false);
    // A member's name, standing or photos changed (whoever it is: their entries may be in a Top10).
    this.events.on('users.changed', () => this.changed());
    // Scores or entries changed in this or another process, or this one missed what the others said.
    this.events.on('leaderboard.scored', () => this.changed());
    this.events.on('cluster.resync', () => this.changed());
  }

  /** Whether the member's photo received a vote on this Berlin day (inside the caller's transaction: wallet's get_vote reward). */
  voteReceivedOn(q: Queryable, memberId: string, day: string): Promise<boolean> {
    return repo.voteReceivedOn(q, memberId, day);
  }

  /** The categories and the photo chosen for each (where the member chose one). */
  async entriesWithPhotos(memberId: string): Promise<EntriesResponse> {
    const rows = await repo.entryPhotosOf(this.db, memberId);
    const photos: Partial<Record<PhotoCategory, string>> = {};
    for (const r of rows) if (r.photo_id) photos[r.category] = r.photo_id;
    return { categories: rows.map((r) => r.category), photos };
  }

  /** A chosen photo must be one of the member's approved, enabled photos; the rest compete with the main photo. */
  async setEntries(memberId: string, categories: PhotoCategory[], photos: EntriesBody['photos'] = {}): Promise<EntriesResponse> {
    const unique = [...new Set(categories)];
    const approved = new Set(await this.photos.approvedIdsOf(memberId));
    if (Object.values(photos).some((id) => !approved.has(id))) throw new AppError('invalid_entry_photo');
    const before = await repo.entryPhotosOf(this.db, memberId);
    await this.db.transaction((tx) => repo.setEntries(tx, memberId, unique, photos));
    // Joining a category can bring back a photo's score of this month: no kept Top10 holds (one event for all).
    this.scored();
    // Leaving a category, or changing its photo, changes its Top10 at once.
    const changed = before.filter((b) => !unique.includes(b.category) || (photos[b.category] ?? null) !== b.photo_id);
    for (const { category } of changed) await this.announcements.run(category, null);
    return this.entriesWithPhotos(memberId);
  }

  /**
   * One vote per voter, photo and Berlin month; never for one's own or an unapproved photo, only by
   * a member with a profile (the endpoint checks the confirmed e-mail and counts the vote limits).
   */
  async vote(voterId: string, photoId: string, category: PhotoCategory, at: Date = new Date()): Promise<{ score: number }> {
    const month = berlinMonth(at);
    // Two statements and no transaction: the check takes no lock and the vote is one statement, so
    // a transaction would guard nothing. It cost two more round trips (BEGIN, COMMIT), and on PGlite
    // it held the one connection between the two while the event loop got to the second: 2.7 ms
    // of every vote with no statement running (bench:load).
    const photo = await repo.findVotablePhoto(this.db, photoId, category, voterId);
    if (!photo) throw notVotable();
    if (photo.user_id === voterId) throw new AppError('own_photo');
    if (photo.blocked) throw notVotable();
    if (!photo.voter_has_profile) throw new AppError('profile_required', { params: { of: 'vote' } });
    const score = await repo.castVote(this.db, { photoId, ownerId: photo.user_id, voterId, category, month, day: berlinToday(at), at });
    if (score === undefined) throw new AppError('already_voted');
    // Open Top10 pages hear of it after the answer: the voter does not wait for the read.
    if (month === berlinMonth() && this.mayMove(category, month, photoId, score)) this.announce(category, photoId).catch(this.onError);
    return { score };
  }

  /**
   * The next photo to rate, in an order nobody can predict: the candidates after a random pivot
   * (repo.nextCandidates, a few index probes instead of ranking every entry), one of them at random.
   * Skipping what was shown walks through every eligible photo once; null when none is left.
   */
  async next(voterId: string, category: PhotoCategory, skip: string[]): Promise<VoteCandidate | null> {
    const uuids = skip.filter((s) => /^[0-9a-f-]{36}$/i.test(s)).slice(0, 50);
    const rows = await repo.nextCandidates(this.db, voterId, category, berlinMonth(), uuids, this.draw.pivot(), CANDIDATE_WINDOW);
    if (rows.length === 0) return null;
    const row = rows[this.draw.pick(rows.length)];
    if (!row) return null;
    const urls = await this.photos.signedPublic(row.photo_id);
    const age = row.birth_date ? ageOn(row.birth_date, berlinToday()) : undefined;
    return { photoId: row.photo_id, url: urls.url, name: row.name, ...(age === undefined ? {} : { age }) };
  }

  /** The Top10 of a category and month: running for the current month, frozen for past ones. */
  async leaderboard(category: PhotoCategory, month = berlinMonth()): Promise<LeaderboardEntry[]> {
    const current = berlinMonth();
    if (month > current) return [];
    if (month < current && !(await repo.isFrozen(this.db, month))) {
      // Only a month that had votes is frozen: a visitor may name every past month back to year 0.
      if (!(await repo.hasScores(this.db, month))) return [];
      await this.freeze(month);
    }
    const rows = month < current ? await repo.archivedTop(this.db, category, month) : await this.runningTop(category, month);
    return Promise.all(rows.map((r) => this.present(r, month)));
  }

  /** The running Top10: the kept one while nothing changed since it was read, else a read (kept if nothing changed meanwhile). */
  private async runningTop(category: PhotoCategory, month: string): Promise<repo.RankRow[]> {
    const kept = this.kept(category, month);
    if (kept) return kept.rows;
    const at = this.changes;
    const rows = await repo.liveTop(this.db, category, month);
    if (this.keepTop() && this.changes === at) this.tops.set(category, { month, rows });
    return rows;
  }

  private kept(category: PhotoCategory, month: string): KeptTop | undefined {
    const kept = this.tops.get(category);
    return kept?.month === month && this.keepTop() ? kept : undefined;
  }

  /**
   * Whether a vote that brought `photoId` to `score` can have changed the running Top10. Without a
   * kept Top10 it may. With one (current up to every change announced so far) it cannot when the
   * Top10 is full, the photo is not in it and its score stays below the tenth's: scores only grow,
   * and whatever else lowers or reorders a Top10 announces itself. A tie may move it: of two votes
   * committed out of the order they were numbered in, the later-committed may have reached the
   * score first. Such a vote reads nothing and tells nobody: ~every vote in a large contest.
   */
  private mayMove(category: PhotoCategory, month: string, photoId: string, score: number): boolean {
    const rows = this.kept(category, month)?.rows;
    const tenth = rows?.[repo.TOP - 1];
    return !rows || !tenth || score >= tenth.score || rows.some((r) => r.photo_id === photoId);
  }

  /** Something a Top10 is made of changed (a vote, an entry, a photo, a member): no kept Top10 holds any longer. */
  private changed(): void {
    this.changes += 1;
    this.tops.clear();
  }

  /** This process changed scores or entries: every process's kept Top10s end (this one's at once). */
  private scored(): void {
    this.events.publish('leaderboard.scored', {});
  }

  /** Freezes every finished month not frozen yet (the month-end job; safe in many processes). */
  async freezeFinishedMonths(): Promise<string[]> {
    const months = await repo.monthsToFreeze(this.db, berlinMonth());
    const frozen: string[] = [];
    for (const month of months) if (await this.freeze(month)) frozen.push(month);
    return frozen;
  }

  private freeze(month: string): Promise<boolean> {
    return this.db.transaction(async (tx) => {
      if (!(await repo.claimFreeze(tx, month))) return false;
      for (const category of photoCategories) await repo.archive(tx, category, month, await repo.liveTop(tx, category, month));
      return true;
    });
  }

  /**
   * An account was suspended, its suspension lifted, or it was erased: its photo and its votes (the
   * database moved them out of or back into the scores in that transaction, migration 027) can
   * move any category's Top10, so every category's open pages hear the current one.
   */
  async accountChanged(): Promise<void> {
    this.scored();
    for (const category of photoCategories) await this.announcements.run(category, null);
  }

  /** A member's photo or standing changed (moderation, suspension): their categories' pages update. */
  async memberChanged(memberId: string): Promise<void> {
    this.scored(); // one event for all the member's categories
    for (const category of await repo.entriesOf(this.db, memberId)) await this.announcements.run(category, null);
  }

  /** Resolves once the announcements started so far are done (shutdown). */
  settled(): Promise<void> {
    return this.announcements.settled();
  }

  /** Tells open leaderboard pages about the current Top10 when `photoId` (if given) is in it. */
  private announce(category: PhotoCategory, photoId?: string): Promise<void> {
    // Every change that can move a Top10 announces it, after its commit: the kept ones end here, and in every process.
    this.scored();
    return this.announcements.run(category, photoId ?? null);
  }

  /** One read for the announcements of `photoIds` (null: whatever the Top10 holds). */
  private async publishTop(category: PhotoCategory, photoIds: (string | null)[]): Promise<void> {
    const month = berlinMonth();
    const rows = await this.runningTop(category, month);
    if (!photoIds.includes(null) && !rows.some((r) => photoIds.includes(r.photo_id))) return;
    const entries = await Promise.all(rows.map((r) => this.present(r, month)));
    this.events.emit('leaderboard.changed', { category, month, entries });
  }

  /** Both queries return only approved, enabled photos, so their links can be signed at once. */
  private async present(r: repo.RankRow, month: string): Promise<LeaderboardEntry> {
    const { thumbUrl } = await this.photos.signedPublic(r.photo_id);
    return { rank: r.rank, user_id: r.user_id, photo_id: r.photo_id, score: r.score, month_year: month, name: r.name, thumbUrl };
  }
}

