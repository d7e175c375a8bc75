import type { PhotoCategory } from '@funkeln/contracts/leaderboard';
import { type NotNull, sql } from 'kysely';
import type { Queryable } from '../../db/client.js';
import { compiledOnce } from '../../db/compiled-query.js';
import { plannedPerRun, typed, uuidArray } from '../../db/kysely.js';
import { shownMember } from '../auth/index.js';
import { blockedEitherWay } from '../blocks/index.js';

export async function entriesOf(q: Queryable, memberId: string): Promise<PhotoCategory[]> {
  const rows = await typed(q).selectFrom('photo_entries').select('category').where('user_id', '=', memberId).orderBy('category').execute();
  return rows.map((r) => r.category);
}

/** The member's entries with the photo each one names (null: the main photo competes). */
export function entryPhotosOf(q: Queryable, memberId: string) {
  return typed(q).selectFrom('photo_entries').select(['category', 'photo_id']).where('user_id', '=', memberId).orderBy('category').execute();
}

export async function setEntries(q: Queryable, memberId: string, categories: PhotoCategory[], photos: Partial<Record<PhotoCategory, string>> = {}): Promise<void> {
  const k = typed(q);
  await k
    .deleteFrom('photo_entries')
    .where('user_id', '=', memberId)
    .where(({ eb, not, fn }) => not(eb('category', '=', fn.any(sql<PhotoCategory[]>`${categories}::text[]`))))
    .execute();
  if (categories.length === 0) return;
  await k
    .insertInto('photo_entries')
    .values(categories.map((category) => ({ user_id: memberId, category, photo_id: photos[category] ?? null })))
    .onConflict((oc) => oc.columns(['user_id', 'category']).doUpdateSet((eb) => ({ photo_id: eb.ref('excluded.photo_id') })))
    .execute();
}

/**
 * The photo an entry `e` competes with: the one it names while that is approved and enabled, else
 * the member's main photo (first approved, enabled one by position). At most one per member and category.
 */
const competingPhoto = sql<string>`(SELECT cp.id FROM photos cp
   WHERE cp.user_id = e.user_id AND cp.status = 'approved' AND cp.disabled_at IS NULL
   ORDER BY (cp.id IS NOT DISTINCT FROM e.photo_id) DESC, cp.position LIMIT 1)`;

/**
 * competingPhoto's rule as a condition on a photo `p` of the entry's member (approved, enabled)
 * and the entry `e`: p is the named photo, or no approved, enabled photo of the member comes before
 * it (the named one, or one earlier in the order). The same answer as `p.id = competingPhoto`, in
 * a shape the planner can estimate: to it that equality keeps about one row of the category, so
 * the Top10 ranked every score of the category (0.13 s at 4,000 entries on PostgreSQL; the
 * bench's Top10 loop ran for minutes) instead of reading the rank index until ten rows pass.
 */
const competes = sql<boolean>`(p.id = e.photo_id OR NOT EXISTS (SELECT 1 FROM photos b
   WHERE b.user_id = e.user_id AND b.status = 'approved' AND b.disabled_at IS NULL
     AND (b.id = e.photo_id OR b.position < p.position)))`;

/**
 * The photo if it competes in the category (approved, enabled, entered by its owner, who is shown, and the
 * entry's photo), with whether a block stands between its owner and the voter and whether the
 * voter has a profile (birth date and gender; only members with one vote).
 */
export function findVotablePhoto(q: Queryable, photoId: string, category: PhotoCategory, voterId: string) {
  return votablePhoto.takeFirst(q, { photoId, category, voterId });
}

/** Compiled once: asked before every vote. */
const votablePhoto = compiledOnce((k, p: { photoId: string; category: PhotoCategory; voterId: string }) =>
  k
    .selectFrom('photos as p')
    .innerJoin('photo_entries as e', (j) => j.onRef('e.user_id', '=', 'p.user_id').on('e.category', '=', p.category))
    .innerJoin('users as u', (j) => j.onRef('u.id', '=', 'p.user_id').on(shownMember('u')))
    .select((eb) => [
      'p.id',
      'p.user_id',
      blockedEitherWay(p.voterId, eb.ref('p.user_id')).as('blocked'),
      // A profile: at least the birth date and gender onboarding asks first (not a row an about-me text made).
      eb
        .exists(eb.selectFrom('profiles as vp').select('vp.user_id').where('vp.user_id', '=', p.voterId).where('vp.birth_date', 'is not', null).where('vp.gender', 'is not', null))
        .as('voter_has_profile'),
    ])
    .where('p.id', '=', p.photoId)
    .where('p.status', '=', 'approved')
    .where('p.disabled_at', 'is', null)
    .where(sql<boolean>`p.id = ${competingPhoto}`),
);

/**
 * One vote and its point, in one statement: the vote row (one per voter, photo and month) and, only
 * if it was new, one more point on the photo's score (the row lock serialises concurrent votes on
 * one photo; `reached` becomes this vote's id). The new score, or undefined when this voter already
 * voted for the photo this month or is suspended or gone by now (the statement reads the voter's
 * row itself: a suspension committed after the session was checked still keeps the vote out; see
 * migration 027 for the suspension's side of that race).
 */
export async function castVote(
  q: Queryable,
  v: { photoId: string; ownerId: string; voterId: string; category: PhotoCategory; month: string; day: string; at: Date },
): Promise<number | undefined> {
  return (await vote.takeFirst(q, v))?.score;
}

/** Compiled once: every vote. */
const vote = compiledOnce((k, v: { photoId: string; ownerId: string; voterId: string; category: PhotoCategory; month: string; day: string; at: Date }) =>
  k
    .with('vote', (db) =>
      db
        .insertInto('photo_votes')
        .columns(['photo_id', 'owner_id', 'voter_id', 'category', 'month', 'day', 'created_at'])
        .expression((eb) =>
          eb
            .selectFrom('users as voter')
            .select([
              sql<string>`${v.photoId}::uuid`.as('photo_id'),
              sql<string>`${v.ownerId}::uuid`.as('owner_id'),
              'voter.id',
              sql<PhotoCategory>`${v.category}::text`.as('category'),
              sql<string>`${v.month}::text`.as('month'),
              sql<string>`${v.day}::date`.as('day'),
              sql<Date>`${v.at}::timestamptz`.as('created_at'),
            ])
            .where('voter.id', '=', v.voterId)
            .where('voter.suspended_at', 'is', null),
        )
        .onConflict((oc) => oc.columns(['photo_id', 'voter_id', 'month']).doNothing())
        .returning('id'),
    )
    .insertInto('photo_scores')
    .columns(['category', 'month', 'photo_id', 'user_id', 'score', 'reached'])
    .expression((eb) =>
      eb
        .selectFrom('vote')
        .select([
          sql<PhotoCategory>`${v.category}::text`.as('category'),
          sql<string>`${v.month}::text`.as('month'),
          sql<string>`${v.photoId}::uuid`.as('photo_id'),
          sql<string>`${v.ownerId}::uuid`.as('user_id'),
          sql.lit(1).as('score'),
          'vote.id',
        ]),
    )
    .onConflict((oc) =>
      oc.columns(['category', 'month', 'photo_id']).doUpdateSet((eb) => ({ score: eb('photo_scores.score', '+', 1), reached: eb.ref('excluded.reached') })),
    )
    .returning('score'),
);

/** How many places the Top10 has. */
export const TOP = 10;

/** The running Top10: photos still approved, enabled and competing for their entry; ties to who reached the score first. */
export async function liveTop(q: Queryable, category: PhotoCategory, month: string) {
  const rows = await runningTop.execute(q, { category, month });
  return rows.map((r, i) => ({ ...r, rank: i + 1 }));
}

/** Compiled once: read after every vote that can move the Top10 (coalesced per category). */
const runningTop = compiledOnce((k, p: { category: PhotoCategory; month: string }) =>
  k
    .selectFrom('photo_scores as s')
    .innerJoin('photos as p', (j) => j.onRef('p.id', '=', 's.photo_id').on('p.status', '=', sql.lit('approved')).on('p.disabled_at', 'is', null))
    .innerJoin('photo_entries as e', (j) => j.onRef('e.user_id', '=', 's.user_id').onRef('e.category', '=', 's.category'))
    .innerJoin('users as u', (j) => j.onRef('u.id', '=', 's.user_id').on(shownMember('u')))
    .select(['s.user_id', 's.photo_id', 's.score', 'u.display_name as name'])
    .where('s.category', '=', p.category)
    .where('s.month', '=', p.month)
    // Only the photo that competes now: one row per member, however many photos scored before.
    .where(competes)
    .orderBy('s.score', 'desc')
    .orderBy('s.reached')
    .limit(TOP)
    // The month's scores grow from none: a plan kept from its first votes would read them all.
    .modifyEnd(plannedPerRun()),
);

export type RankRow = Awaited<ReturnType<typeof liveTop>>[number];

/**
 * A frozen month: the ranks as they were, without photos removed since. Rows whose member or
 * photo is gone (ids set null) never pass the photo join; the member filter says so to the types.
 */
export function archivedTop(q: Queryable, category: PhotoCategory, month: string): Promise<RankRow[]> {
  return typed(q)
    .selectFrom('leaderboard_archive as a')
    .innerJoin('photos as p', (j) => j.onRef('p.id', '=', 'a.photo_id').on('p.status', '=', 'approved').on('p.disabled_at', 'is', null))
    .leftJoin('users as u', 'u.id', 'a.user_id')
    .select(['a.rank', 'a.user_id', 'a.photo_id', 'a.score'])
    .select((eb) => eb.fn.coalesce('u.display_name', 'a.name').as('name'))
    .where('a.category', '=', category)
    .where('a.month', '=', month)
    .where('u.suspended_at', 'is', null)
    .where('a.user_id', 'is not', null)
    .orderBy('a.rank')
    .$narrowType<{ user_id: NotNull; photo_id: NotNull }>()
    .execute();
}

export async function isFrozen(q: Queryable, month: string): Promise<boolean> {
  const row = await typed(q).selectFrom('leaderboard_frozen').select(sql<number>`1`.as('found')).where('month', '=', month).executeTakeFirst();
  return row !== undefined;
}

export async function hasScores(q: Queryable, month: string): Promise<boolean> {
  const row = await typed(q).selectFrom('photo_scores').select(sql<number>`1`.as('found')).where('month', '=', month).limit(1).executeTakeFirst();
  return row !== undefined;
}

/** Months before `current` that have scores and are not frozen yet. */
export async function monthsToFreeze(q: Queryable, current: string): Promise<string[]> {
  const rows = await typed(q)
    .selectFrom('photo_scores as s')
    .select('s.month')
    .distinct()
    .where('s.month', '<', current)
    .where(({ not, exists, selectFrom }) => not(exists(selectFrom('leaderboard_frozen as f').select('f.month').whereRef('f.month', '=', 's.month'))))
    .orderBy('s.month')
    .execute();
  return rows.map((r) => r.month);
}

/** Claims a month for freezing; false if another process froze it. */
export async function claimFreeze(q: Queryable, month: string): Promise<boolean> {
  const row = await typed(q).insertInto('leaderboard_frozen').values({ month }).onConflict((oc) => oc.doNothing()).returning('month').executeTakeFirst();
  return row !== undefined;
}

export async function archive(q: Queryable, category: PhotoCategory, month: string, rows: RankRow[]): Promise<void> {
  if (rows.length === 0) return;
  await typed(q)
    .insertInto('leaderboard_archive')
    .values(rows.map((r) => ({ category, month, rank: r.rank, user_id: r.user_id, photo_id: r.photo_id, name: r.name, score: r.score })))
    .execute();
}

/**
 * The photos the voter may rate next in a category (with the owner's name and birth date, for the
 * card): the competing photo of each entry, not the voter's own, not voted on this month, not in `skip`, no block either way, owner shown (not suspended, with a profile).
 */
function eligible(q: Queryable, voterId: string, category: PhotoCategory, month: string, skip: string[], side: '>=' | '<', pivot: string) {
  return typed(q)
    .selectFrom('photo_entries as e')
    .innerJoin('photos as p', (j) => j.on(sql<boolean>`p.id = ${competingPhoto}`))
    .innerJoin('users as u', (j) => j.onRef('u.id', '=', 'e.user_id').on(shownMember('u')))
    .select(['p.id as photo_id', 'p.user_id', 'u.display_name as name'])
    // The shown age: a lookup per returned row (at most the window), no join for the planner to weigh.
    .select(sql<string | null>`(SELECT to_char(pr.birth_date, 'YYYY-MM-DD') FROM profiles pr WHERE pr.user_id = e.user_id)`.as('birth_date'))
    .where('e.category', '=', category)
    .where('e.user_id', side, pivot)
    // The same bound on u.id (= e.user_id; the planner does not carry it over): else a merge join
    // reads the users index from its first entry up to the pivot.
    .where('u.id', side, pivot)
    .where('e.user_id', '<>', voterId)
    .where(({ eb, not, fn }) => not(eb('p.id', '=', fn.any(uuidArray(skip)))))
    .where(({ not, exists, selectFrom }) =>
      not(exists(selectFrom('photo_votes as v').select('v.id').whereRef('v.photo_id', '=', 'p.id').where('v.voter_id', '=', voterId).where('v.month', '=', month))),
    )
    .where(({ eb, not }) => not(blockedEitherWay(voterId, eb.ref('p.user_id'))))
    .orderBy('e.user_id');
}

/**
 * Up to `limit` photos to rate, the next ones from `pivot` (a point in the member-id key space)
 * round the circle: entries of the category from the pivot upwards, then from the start up to the
 * pivot. Both read photo_entries_category_idx (category, user_id) in order and stop at `limit`
 * eligible rows, so a call reads those rows plus the ineligible ones between them (mostly the
 * voter's own votes, skips and blocks): it does not grow with the contest, except that confirming
 * nothing is left reads the whole category once.
 */
export async function nextCandidates(q: Queryable, voterId: string, category: PhotoCategory, month: string, skip: string[], pivot: string, limit: number) {
  const after = await eligible(q, voterId, category, month, skip, '>=', pivot).limit(limit).execute();
  if (after.length >= limit) return after;
  const before = await eligible(q, voterId, category, month, skip, '<', pivot).limit(limit - after.length).execute();
  return [...after, ...before];
}

/** Whether the member's photo received a vote on this Berlin day (the get_vote reward). */
export async function voteReceivedOn(q: Queryable, memberId: string, day: string): Promise<boolean> {
  const row = await typed(q)
    .selectFrom('photo_votes')
    .select(sql<number>`1`.as('found'))
    .where('owner_id', '=', memberId)
    .where('day', '=', sql<Date>`${day}::date`)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}
