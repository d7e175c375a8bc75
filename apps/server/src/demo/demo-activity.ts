import { photoCategories, type PhotoCategory } from '@funkeln/contracts/leaderboard';
import type { Rng } from './random.js';

/** A demo member as the activity sees them: the photo that competes for them. */
export interface DemoCompetitor {
  memberId: string;
  photoId: string;
}

export interface DemoEntry {
  memberId: string;
  category: PhotoCategory;
}

export interface DemoVote {
  photoId: string;
  ownerId: string;
  voterId: string;
  category: PhotoCategory;
  at: Date;
}

/** Most entries get a handful of votes, a few get many: a Top10 with a clear order. */
const MAX_VOTES_PER_ENTRY = 30;
/**
 * Demo entries per category: enough for a lively Top10 and vote page, and two places left in the
 * Top10 for the first real members who enter (one vote takes them there).
 */
export const ENTRIES_PER_CATEGORY = 8;

/** ENTRIES_PER_CATEGORY different members in each category (a member may be in several). */
export function planEntries(rng: Rng, memberIds: readonly string[]): DemoEntry[] {
  return photoCategories.flatMap((category) => shuffled(rng, memberIds).slice(0, ENTRIES_PER_CATEGORY).map((memberId) => ({ memberId, category })));
}

function shuffled<T>(rng: Rng, items: readonly T[]): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = rng.int(0, i);
    [out[i], out[j]] = [out[j] as T, out[i] as T];
  }
  return out;
}

/**
 * Votes of demo members for the entries, at moments spread over [from, to]. A voter votes for a
 * photo at most once a month whatever the category (photo_votes_once_key), so the voters of one
 * member's entries are disjoint slices of one shuffled list, each at least one voter long while
 * there are voters for all of them. Sorted by time: the database's vote
 * ids then follow the clock, as the Top10's tie-break (who reached a score first) expects.
 */
export function planVotes(rng: Rng, entries: readonly DemoEntry[], competitors: readonly DemoCompetitor[], from: Date, to: Date): DemoVote[] {
  const photoOf = new Map(competitors.map((c) => [c.memberId, c.photoId]));
  const voters = competitors.map((c) => c.memberId);
  const byOwner = new Map<string, DemoEntry[]>();
  for (const e of entries) byOwner.set(e.memberId, [...(byOwner.get(e.memberId) ?? []), e]);
  const span = Math.max(0, to.getTime() - from.getTime());
  const votes: DemoVote[] = [];
  for (const [ownerId, own] of byOwner) {
    const photoId = photoOf.get(ownerId);
    if (!photoId) continue;
    const pool = shuffled(rng, voters.filter((v) => v !== ownerId));
    let next = 0;
    for (const [i, { category }] of own.entries()) {
      // Every entry gets a voter: this one leaves at least one for each of the owner's later entries
      // (with few demo members the slices would otherwise run out, and a Top10 would lack an entry).
      const want = Math.min(1 + Math.floor(rng.next() ** 2 * MAX_VOTES_PER_ENTRY), Math.max(1, pool.length - next - (own.length - 1 - i)));
      for (const voterId of pool.slice(next, next + want)) {
        votes.push({ photoId, ownerId, voterId, category, at: new Date(from.getTime() + Math.floor(rng.next() * span)) });
      }
      next += want;
    }
  }
  return votes.sort((a, b) => a.at.getTime() - b.at.getTime());
}
