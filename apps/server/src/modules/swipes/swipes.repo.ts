import { type Expression, type ExpressionBuilder, type QueryCreator, type Selectable, type SqlBool, sql } from 'kysely';
import type { Db, Queryable } from '../../db/client.js';
import { compiledOnce } from '../../db/compiled-query.js';
import { asyncCommit, now, secondsAgo, typed } from '../../db/kysely.js';
import type { DB, Swipes } from '../../db/schema.js';
import { shownMember } from '../auth/index.js';
import { blockedEitherWay } from '../blocks/index.js';

export type SwipeKind = Swipes['kind'];
type SwipeRow = Selectable<Swipes>;

const SWIPE = ['id', 'actor_id', 'target_id', 'kind', 'created_at'] as const;

export function findSwipe(q: Queryable, actorId: string, targetId: string): Promise<SwipeRow | undefined> {
  return typed(q).selectFrom('swipes').select(SWIPE).where('actor_id', '=', actorId).where('target_id', '=', targetId).forUpdate().executeTakeFirst();
}

/** Inserts the swipe unless the pair has one; true when this call inserted it. */
export async function insertSwipe(q: Queryable, s: { id: string; actorId: string; targetId: string; kind: SwipeKind }): Promise<boolean> {
  const row = await typed(q)
    .insertInto('swipes')
    .values({ id: s.id, actor_id: s.actorId, target_id: s.targetId, kind: s.kind })
    .onConflict((oc) => oc.columns(['actor_id', 'target_id']).doNothing())
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * A swipe that changes kind is a new swipe to everyone who sees it: new id, new time. A flirt's id
 * is shown to its recipient, so an id kept from an earlier swipe would tie the anonymous flirt to
 * it (a flirt before an unmatch, or the time of a skip the recipient never learns of).
 */
export async function updateSwipeKind(q: Queryable, id: string, kind: SwipeKind, newId: string): Promise<void> {
  await typed(q).updateTable('swipes').set({ id: newId, kind, created_at: now() }).where('id', '=', id).execute();
}

export async function deleteSwipe(q: Queryable, id: string): Promise<void> {
  await typed(q).deleteFrom('swipes').where('id', '=', id).execute();
}

/** The viewer's newest like or skip of the last `seconds` seconds. */
export function findUndoableSwipe(q: Queryable, actorId: string, seconds: number): Promise<SwipeRow | undefined> {
  return typed(q)
    .selectFrom('swipes')
    .select(SWIPE)
    .where('actor_id', '=', actorId)
    .where('kind', 'in', ['like', 'skip'])
    .where('created_at', '>', secondsAgo(seconds))
    .orderBy('created_at', 'desc')
    .limit(1)
    .forUpdate()
    .executeTakeFirst();
}

export async function likesBack(q: Queryable, actorId: string, targetId: string): Promise<boolean> {
  return (await liked.takeFirst(q, { actorId, targetId })) !== undefined;
}

/** Compiled once: asked after every like and flirt. */
const liked = compiledOnce((k, p: { actorId: string; targetId: string }) =>
  k
    .selectFrom('swipes')
    .select(sql<number>`1`.as('found'))
    .where('actor_id', '=', p.actorId)
    .where('target_id', '=', p.targetId)
    .where('kind', 'in', ['like', 'flirt']),
);

const pair = (a: string, b: string) => (a < b ? { user_a: a, user_b: b } : { user_a: b, user_b: a });

/** Creates the match once; true only for the call that created it. */
export async function insertMatch(q: Queryable, a: string, b: string): Promise<boolean> {
  const row = await typed(q)
    .insertInto('matches')
    .values(pair(a, b))
    .onConflict((oc) => oc.doNothing())
    .returning('user_a')
    .executeTakeFirst();
  return row !== undefined;
}

export async function matchExists(q: Queryable, a: string, b: string): Promise<boolean> {
  const { user_a, user_b } = pair(a, b);
  const row = await typed(q).selectFrom('matches').select(sql<number>`1`.as('found')).where('user_a', '=', user_a).where('user_b', '=', user_b).executeTakeFirst();
  return row !== undefined;
}

export async function deleteMatch(q: Queryable, a: string, b: string): Promise<boolean> {
  const { user_a, user_b } = pair(a, b);
  const row = await typed(q).deleteFrom('matches').where('user_a', '=', user_a).where('user_b', '=', user_b).returning('user_a').executeTakeFirst();
  return row !== undefined;
}

/** The member's matches, newest first, without anyone blocked in either direction or suspended. */
export function listMatches(q: Queryable, memberId: string) {
  return matchesOf(typed(q), memberId).orderBy('m.created_at', 'desc').execute();
}

/** The rows of listMatches (the new-match count counts the same). */
export function matchesOf(k: QueryCreator<DB>, memberId: string) {
  return k
    .selectFrom('matches as m')
    .innerJoin('users as u', (j) =>
      j.on((eb) => eb('u.id', '=', eb.case().when('m.user_a', '=', memberId).then(eb.ref('m.user_b')).else(eb.ref('m.user_a')).end())).on('u.suspended_at', 'is', null),
    )
    .select(['u.id as user_id', 'u.display_name as name', 'm.created_at as matched_at'])
    .where((eb) => eb.or([eb('m.user_a', '=', memberId), eb('m.user_b', '=', memberId)]))
    .where(({ eb, not }) => not(blockedEitherWay(memberId, eb.ref('u.id'))));
}

/**
 * A flirt `s` still anonymous: its sender a member (not suspended, and still there: swipes have no
 * foreign key, migration 024), not answered with a match, and not flirted back by its recipient
 * (without a block that always makes the match; with one it does not, see acceptFlirt).
 * A block either way leaves it as it is: the recipient's list, its picture and their answers must
 * not tell whether she blocked its sender or anyone else (docs/SECURITY.md, issue 54).
 */
export function openFlirt({ eb, not, exists, selectFrom }: ExpressionBuilder<DB & { s: Swipes }, 's'>): Expression<SqlBool> {
  return eb.and([
    eb('s.kind', '=', 'flirt'),
    exists(selectFrom('users as u').select('u.id').whereRef('u.id', '=', 's.actor_id').where(shownMember('u'))),
    not(
      exists(
        selectFrom('matches as m')
          .select('m.user_a')
          .where('m.user_a', '=', sql<string>`LEAST(s.actor_id, s.target_id)`)
          .where('m.user_b', '=', sql<string>`GREATEST(s.actor_id, s.target_id)`),
      ),
    ),
    not(
      exists(
        selectFrom('swipes as back').select('back.id').whereRef('back.actor_id', '=', 's.target_id').whereRef('back.target_id', '=', 's.actor_id').where('back.kind', 'in', ['like', 'flirt']),
      ),
    ),
  ]);
}

/** Flirts received and still anonymous (openFlirt), whoever the recipient blocked. */
export function listReceivedFlirts(q: Queryable, memberId: string) {
  return typed(q)
    .selectFrom('swipes as s')
    .select(['s.id', 's.actor_id', 's.created_at'])
    .where('s.target_id', '=', memberId)
    .where(openFlirt)
    .orderBy('s.created_at', 'desc')
    .limit(200)
    .execute();
}

/** A flirt as listReceivedFlirts shows it, by id alone (its blurred thumbnail's link). */
export function findOpenFlirt(q: Queryable, flirtId: string) {
  return typed(q).selectFrom('swipes as s').select(['s.id', 's.actor_id', 's.created_at']).where('s.id', '=', flirtId).where(openFlirt).executeTakeFirst();
}

/** A flirt of the member's list, to answer: its sender and whether a block stands between the two. */
export function findReceivedFlirt(q: Queryable, flirtId: string, memberId: string) {
  return typed(q)
    .selectFrom('swipes as s')
    .select((eb) => ['s.actor_id', blockedEitherWay(eb.ref('s.target_id'), eb.ref('s.actor_id')).as('blocked')])
    .where('s.id', '=', flirtId)
    .where('s.target_id', '=', memberId)
    .where(openFlirt)
    .executeTakeFirst();
}

/**
 * The member `targetId` as `viewerId` may see them: shown (not suspended, with a profile) and no
 * block either way. Every other member reads like an unknown id (docs/SECURITY.md, hidden members).
 */
function visibleMember(k: QueryCreator<DB>, viewerId: string, targetId: string) {
  return k
    .selectFrom('users as u')
    .select(['u.id', 'u.is_demo'])
    .where('u.id', '=', targetId)
    .where(shownMember('u'))
    .where(({ eb, not }) => not(blockedEitherWay(viewerId, eb.ref('u.id'))));
}

export async function isVisibleTo(q: Queryable, viewerId: string, targetId: string): Promise<boolean> {
  return (await visibleMember(typed(q), viewerId, targetId).executeTakeFirst()) !== undefined;
}

/**
 * The first swipe of `actorId` on `targetId`, in one statement: inserted when the target is
 * visible to the actor (visibleMember). Undefined when it is not (unknown, suspended, without a
 * profile, blocked either way: all alike); else whether this call inserted it (false: the pair has
 * a swipe already) and whether the target is a demo member.
 */
export function insertFirstSwipe(db: Db, s: { id: string; actorId: string; targetId: string; kind: SwipeKind }) {
  return firstSwipe.takeFirst(db, s);
}

/**
 * Compiled once: it runs on every like, skip and flirt. On its own (`Db`, never a transaction's
 * handle) and committed without waiting for the WAL flush (`asyncCommit`): the most frequent write
 * of a visit, a third of a ramp's transactions in bench:load, each waiting for its own flush behind
 * everyone else's. A PostgreSQL crash can lose the last ~0.6 s of swipes (the cards come back);
 * a match inserted after a like waits for its own flush, which carries the like with it. It locks
 * neither member's row: swipes have no foreign keys (migration 024); the target is the one it found.
 */
const firstSwipe = compiledOnce((k, s: { id: string; actorId: string; targetId: string; kind: SwipeKind }) =>
  k
    .with('target', (db) => visibleMember(db, s.actorId, s.targetId))
    .with('inserted', (db) =>
      db
        .insertInto('swipes')
        .columns(['id', 'actor_id', 'target_id', 'kind'])
        .expression((eb) => eb.selectFrom('target').select([sql.val(s.id).as('id'), sql.val(s.actorId).as('actor_id'), 'target.id', sql.val(s.kind).as('kind')]))
        .onConflict((oc) => oc.columns(['actor_id', 'target_id']).doNothing())
        .returning('id'),
    )
    .selectFrom('target')
    .select(['target.is_demo', (eb) => eb.exists(eb.selectFrom('inserted').select('inserted.id')).as('inserted'), asyncCommit().as('commit')]),
);

export function findMember(q: Queryable, id: string) {
  return typed(q).selectFrom('users').select(['id', 'display_name as name', 'is_demo']).where('id', '=', id).executeTakeFirst();
}
