import { type Expression, type ExpressionBuilder, type Kysely, type SqlBool, sql } from 'kysely';
import type { Queryable } from '../../db/client.js';
import { compiledOnce } from '../../db/compiled-query.js';
import { among, berlinToday, now, typed, uuidArray } from '../../db/kysely.js';
import type { DB } from '../../db/schema.js';
import { shownMember } from '../auth/index.js';
import { blockedEitherWay } from '../blocks/index.js';
import { releaseStatement, type Settled } from './escrows.repo.js';
import { claimedEventValues, type DurableEvents } from '../../platform/outbox/event-outbox.repo.js';

const COLUMNS = ['id', 'client_id', 'sender_id', 'recipient_id', 'body', 'prepaid_reply', 'created_at', 'read_at', 'nudge', 'scam_hint'] as const;
const MESSAGE = COLUMNS.map((c) => `m.${c}` as const);

/** Messages `m` with `reserved`: the credits still held in an open escrow for the message. */
function selectMessages(q: Queryable) {
  return typed(q)
    .selectFrom('messages as m')
    .select(MESSAGE)
    .select((eb) =>
      eb.fn
        .coalesce(eb.selectFrom('escrows as e').select('e.amount').whereRef('e.message_id', '=', 'm.id').where('e.status', '=', 'open'), eb.lit(0))
        .as('reserved'),
    );
}

export type MessageRow = Awaited<ReturnType<ReturnType<typeof selectMessages>['execute']>>[number];

/** The pair's messages, in either direction, as the (LEAST, GREATEST, created_at, id) index reads them. */
function betweenPair(a: string, b: string) {
  return (eb: ExpressionBuilder<DB & { m: DB['messages'] }, 'm'>): Expression<SqlBool> =>
    eb.and([
      eb(sql<string>`LEAST(m.sender_id, m.recipient_id)`, '=', sql<string>`LEAST(${a}::uuid, ${b}::uuid)`),
      eb(sql<string>`GREATEST(m.sender_id, m.recipient_id)`, '=', sql<string>`GREATEST(${a}::uuid, ${b}::uuid)`),
    ]);
}

/**
 * Stores a message and, in the same statement, releases what its recipient prepaid for a reply
 * from the sender (escrows.repo's releaseStatement): answers the message as stored, `reserved`
 * being what the caller holds for it in escrow, the escrows released and the sender's balance as
 * it was before the statement.
 */
export async function insertMessage(
  q: Queryable,
  m: NewMessageRow,
  reserved: number,
): Promise<{ message: MessageRow; released: Settled[]; senderBalance: number; eventId: number }> {
  const event = JSON.stringify({ messageId: m.id, senderId: m.senderId, recipientId: m.recipientId } satisfies DurableEvents['message.created']);
  const row = await insertReleasing.takeFirst(q, { ...m, event });
  if (!row) throw new Error('the message insert answered no row');
  const { released, sender_balance: senderBalance, event_id: eventId, ...message } = row;
  return { message: { ...message, reserved }, released, senderBalance: senderBalance ?? 0, eventId };
}

// A type, not an interface: compiledOnce's parameters are a record.
type NewMessageRow = {
  id: string;
  clientId: string;
  senderId: string;
  recipientId: string;
  body: string;
  prepaidReply: number;
  /** What the screening found, for the recipient (docs/SAFETY.md). */
  nudge: 'insult' | 'threat' | 'sexual' | null;
  scamHint: 'money' | 'contact' | null;
  eventLeaseSeconds: number;
};

/** The sender's balance (0 without a wallet): wallet's ledger_accounts read inside the message insert (a read model, no second round trip). */
const senderBalance = (k: Kysely<DB>, memberId: string) =>
  k.selectFrom('ledger_accounts').select(sql<number>`coalesce(max(balance), 0)`.as('balance')).where('user_id', '=', memberId);

/** Compiled once: every message is this statement, its `message.created` event (platform/outbox) included. */
const insertReleasing = compiledOnce(
  (k, m: NewMessageRow & { event: string }) =>
    k
      .with('r', (db) => releaseStatement(db, { payer: m.recipientId, replier: m.senderId, replyId: m.id }))
      .with('e', (db) => db.insertInto('event_outbox').values(claimedEventValues('message.created', m.event, m.eventLeaseSeconds)).returning('id'))
      .with('m', (db) =>
        db
          .insertInto('messages')
          .values({
            id: m.id,
            client_id: m.clientId,
            sender_id: m.senderId,
            recipient_id: m.recipientId,
            body: m.body,
            prepaid_reply: m.prepaidReply,
            nudge: m.nudge,
            scam_hint: m.scamHint,
          })
          .returning(COLUMNS),
      )
      .selectFrom('m')
      .select(COLUMNS)
      .select(sql<Settled[]>`(SELECT coalesce(json_agg(r), '[]'::json) FROM r)`.as('released'))
      .select((eb) => eb.selectFrom('e').select('e.id').$asScalar().$notNull().as('event_id'))
      // The sender's balance before this statement (what a message that moves no credits answers).
      .select(senderBalance(k, m.senderId).as('sender_balance')),
);

export async function findMessages(q: Queryable, ids: string[]): Promise<Map<string, MessageRow>> {
  if (ids.length === 0) return new Map();
  const rows = await selectMessages(q)
    .where('m.id', '=', among(uuidArray(ids)))
    .execute();
  return new Map(rows.map((r) => [r.id, r]));
}

export function findByClientId(q: Queryable, senderId: string, clientId: string): Promise<MessageRow | undefined> {
  return selectMessages(q).where('m.sender_id', '=', senderId).where('m.client_id', '=', clientId).executeTakeFirst();
}

/** Messages received, newest first; blocked members' messages stay out of sight. */
export function inbox(q: Queryable, memberId: string, limit: number) {
  const received = selectMessages(q)
    .where('m.recipient_id', '=', memberId)
    .where((eb) => eb.not(blockedEitherWay(memberId, eb.ref('m.sender_id'))))
    .orderBy('m.created_at', 'desc')
    .orderBy('m.id', 'desc')
    .limit(limit);
  return typed(q)
    .selectFrom(received.as('x'))
    .leftJoin('users as u', 'u.id', 'x.sender_id')
    .selectAll('x')
    .select('u.display_name as sender_name')
    .where('u.suspended_at', 'is', null)
    .orderBy('x.created_at', 'desc')
    .orderBy('x.id', 'desc')
    .execute();
}

/** One row per member written with (blocked ones left out), newest conversation first. */
export function conversations(q: Queryable, memberId: string, limit: number) {
  return typed(q)
    .with('mine', (db) =>
      db
        .selectFrom('messages as m')
        .select(['m.id', 'm.created_at', 'm.read_at', 'm.recipient_id'])
        .select((eb) => eb.case().when('m.sender_id', '=', memberId).then(eb.ref('m.recipient_id')).else(eb.ref('m.sender_id')).end().as('member_id'))
        .where((eb) => eb.or([eb('m.sender_id', '=', memberId), eb('m.recipient_id', '=', memberId)])),
    )
    .with('last', (db) =>
      db
        .selectFrom('mine')
        .distinctOn('member_id')
        .select(['member_id', 'id as last_id', 'created_at'])
        .where('member_id', 'is not', null)
        .orderBy('member_id')
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc'),
    )
    .selectFrom('last as l')
    .innerJoin('users as u', (j) => j.onRef('u.id', '=', 'l.member_id').on('u.suspended_at', 'is', null))
    .leftJoin('profiles as p', 'p.user_id', 'l.member_id')
    // u.id is l.member_id (the join), without the CTE's nullability
    .select(['u.id as member_id', 'u.display_name as name', 'l.last_id', 'u.read_receipts'])
    // the age only (the service turns it into years); the date itself never leaves the server
    .select(sql<string | null>`to_char(p.birth_date, 'YYYY-MM-DD')`.as('birth_date'))
    .select((eb) =>
      eb.fn
        .coalesce(
          eb
            .selectFrom('mine as x')
            .select((c) => c.fn.countAll<number>().as('n'))
            .whereRef('x.member_id', '=', 'l.member_id')
            .where('x.recipient_id', '=', memberId)
            .where('x.read_at', 'is', null),
          eb.lit(0),
        )
        .as('unread'),
    )
    .where((eb) => eb.not(blockedEitherWay(memberId, eb.ref('l.member_id'))))
    .orderBy('l.created_at', 'desc')
    .orderBy('l.last_id', 'desc')
    .limit(limit)
    .execute();
}

/** A page of the conversation between two members, newest first, older than the cursor if given. */
export function history(q: Queryable, a: string, b: string, before: { at: Date; id: string } | undefined, limit: number): Promise<MessageRow[]> {
  return selectMessages(q)
    .where(betweenPair(a, b))
    .$if(before !== undefined, (qb) => qb.where((eb) => eb(eb.refTuple('m.created_at', 'm.id'), '<', eb.tuple(before!.at, before!.id))))
    .orderBy('m.created_at', 'desc')
    .orderBy('m.id', 'desc')
    .limit(limit)
    .execute();
}

/**
 * Marks what `from` sent to `to` as read, when `from` is visible to `to`; answers how many were unread, the newest of them and
 * whether the reader sends read receipts.
 */
export async function markRead(q: Queryable, to: string, from: string) {
  const rows = await typed(q)
    .updateTable('messages as m')
    .from('users as u')
    .set({ read_at: now() })
    .where('m.recipient_id', '=', to)
    .where('m.sender_id', '=', from)
    .where('m.read_at', 'is', null)
    .where('u.id', '=', to)
    // Only what a visible member sent: a hidden one's conversation is not there (a 404 to read), so
    // neither is its read mark, nor a read receipt to them.
    .where(({ exists, selectFrom }) => exists(selectFrom('users as s').select('s.id').where('s.id', '=', from).where(shownMember('s'))))
    .where((eb) => eb.not(blockedEitherWay(to, from)))
    .returning(['m.id', 'm.created_at', 'm.read_at', 'u.read_receipts'])
    .$narrowType<{ read_at: Date }>()
    .execute();
  const newest = rows.reduce<(typeof rows)[number] | undefined>(
    (a, r) => (!a || r.created_at > a.created_at || (r.created_at.getTime() === a.created_at.getTime() && r.id > a.id) ? r : a),
    undefined,
  );
  return { marked: rows.length, newest };
}

/** Messages to the member not yet read, from senders they can still see (not suspended, not blocked either way). */
export async function unreadCount(q: Queryable, memberId: string): Promise<number> {
  return (await unread.takeFirst(q, { memberId }))?.n ?? 0;
}

/** Compiled once: asked whenever the app opens and a message is read or arrives. */
const unread = compiledOnce((k, p: { memberId: string }) =>
  k
    .selectFrom('messages as m')
    .innerJoin('users as u', (j) => j.onRef('u.id', '=', 'm.sender_id').on('u.suspended_at', 'is', null))
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('m.recipient_id', '=', p.memberId)
    .where('m.read_at', 'is', null)
    .where((eb) => eb.not(blockedEitherWay(p.memberId, eb.ref('m.sender_id')))),
);

/** Who wrote the first message between two members; undefined when they have none yet. */
export async function startedBy(q: Queryable, a: string, b: string): Promise<string | null | undefined> {
  const row = await firstSender(typed(q), a, b).executeTakeFirst();
  return row === undefined ? undefined : row.sender_id;
}

/** The sender of the pair's first message, as a query of its own or a subquery (the send's recipient). */
function firstSender(k: Kysely<DB>, a: string, b: string) {
  return k.selectFrom('messages as m').select('m.sender_id').where(betweenPair(a, b)).orderBy('m.created_at').orderBy('m.id').limit(1);
}

/**
 * Counts one more reply today (Europe/Berlin) against a daily limit; false (nothing counted) when
 * the limit is reached. One statement, so concurrent sends cannot both take the last one.
 */
export async function countDailyReply(q: Queryable, memberId: string, limit: number): Promise<boolean> {
  if (limit <= 0) return false;
  const row = await typed(q)
    .insertInto('daily_counters')
    .values({ user_id: memberId, kind: 'reply', day: berlinToday(), count: 1 })
    .onConflict((oc) =>
      oc
        .columns(['user_id', 'kind', 'day'])
        .doUpdateSet((eb) => ({ count: eb('daily_counters.count', '+', 1) }))
        .where('daily_counters.count', '<', limit),
    )
    .returning('count')
    .executeTakeFirst();
  return row !== undefined;
}

/** Replies counted today (Europe/Berlin). */
export async function dailyReplies(q: Queryable, memberId: string): Promise<number> {
  const row = await typed(q)
    .selectFrom('daily_counters')
    .select('count')
    .where('user_id', '=', memberId)
    .where('kind', '=', 'reply')
    .where('day', '=', berlinToday())
    .executeTakeFirst();
  return row?.count ?? 0;
}

/**
 * The recipient if reachable (not suspended, with a profile): their message preference, whether they liked the
 * sender, a block either way, and the sender's gender (undefined: no profile; for the message rule).
 */
export function findRecipient(q: Queryable, recipientId: string, senderId: string) {
  return recipient.takeFirst(q, { recipientId, senderId });
}

/**
 * For a message: the recipient as findRecipient answers, who wrote the pair's first message (null:
 * nobody yet, or an erased account) and how many messages went between them (counted up to `earlyUpTo`).
 */
export function findMessageRecipient(q: Queryable, recipientId: string, senderId: string, earlyUpTo: number) {
  return messageRecipient.takeFirst(q, { recipientId, senderId, earlyUpTo });
}

function recipientQuery(k: Kysely<DB>, { recipientId, senderId }: { recipientId: string; senderId: string }) {
  return k
    .selectFrom('users as u')
    .leftJoin('profiles as p', (j) => j.on('p.user_id', '=', senderId))
    .select(['u.message_pref', 'p.user_id as sender_profile', 'p.gender as sender_gender'])
    .select(({ exists, selectFrom, ref }) => [
      exists(selectFrom('swipes as s').select('s.id').whereRef('s.actor_id', '=', 'u.id').where('s.target_id', '=', senderId).where('s.kind', '<>', 'skip')).as(
        'likes_sender',
      ),
      blockedEitherWay(ref('u.id'), senderId).as('blocked'),
    ])
    .where('u.id', '=', recipientId)
    .where(shownMember('u'));
}

/** Compiled once: asked for every typing signal. */
const recipient = compiledOnce(recipientQuery);

/** Messages between the two so far, counted up to `upTo` (the scam hint's "early in the conversation"). */
function exchangedUpTo(k: Kysely<DB>, a: string, b: string, upTo: number) {
  return k
    .selectFrom((db) => db.selectFrom('messages as m').select('m.id').where(betweenPair(a, b)).limit(upTo).as('x'))
    .select(sql<number>`count(*)::int`.as('n'));
}

/** Compiled once: asked for every message. */
const messageRecipient = compiledOnce((k, p: { recipientId: string; senderId: string; earlyUpTo: number }) =>
  recipientQuery(k, p)
    .select(firstSender(k, p.recipientId, p.senderId).as('started_by'))
    .select(exchangedUpTo(k, p.recipientId, p.senderId, p.earlyUpTo).as('exchanged')),
);

export async function senderGender(q: Queryable, memberId: string) {
  const row = await typed(q).selectFrom('profiles').select('gender').where('user_id', '=', memberId).executeTakeFirst();
  return row === undefined ? undefined : row.gender;
}
