import type { Queryable } from '../../db/client.js';

export type MessageRow = {
  id: string;
  client_id: string;
  sender_id: string | null;
  recipient_id: string | null;
  body: string;
  prepaid_reply: number;
  /** Credits still held in an open escrow for this message. */
  reserved: number;
  created_at: Date;
  read_at: Date | null;
};

const SELECT = `SELECT m.id, m.client_id, m.sender_id, m.recipient_id, m.body, m.prepaid_reply, m.created_at, m.read_at,
       COALESCE((SELECT e.amount FROM escrows e WHERE e.message_id = m.id AND e.status = 'open'), 0) AS reserved
  FROM messages m`;

export async function insertMessage(
  q: Queryable,
  m: { id: string; clientId: string; senderId: string; recipientId: string; body: string; prepaidReply: number },
): Promise<void> {
  await q.query(
    'INSERT INTO messages (id, client_id, sender_id, recipient_id, body, prepaid_reply) VALUES ($1, $2, $3, $4, $5, $6)',
    [m.id, m.clientId, m.senderId, m.recipientId, m.body, m.prepaidReply],
  );
}

export async function findMessage(q: Queryable, id: string): Promise<MessageRow | undefined> {
  return (await q.query<MessageRow>(`${SELECT} WHERE m.id = $1`, [id]))[0];
}

export async function findByClientId(q: Queryable, senderId: string, clientId: string): Promise<MessageRow | undefined> {
  return (await q.query<MessageRow>(`${SELECT} WHERE m.sender_id = $1 AND m.client_id = $2`, [senderId, clientId]))[0];
}

export type InboxRow = MessageRow & {
  sender_name: string | null;
};

/** Messages received, newest first; blocked members' messages stay out of sight. */
export function inbox(q: Queryable, userId: string, limit: number): Promise<InboxRow[]> {
  return q.query<InboxRow>(
    `SELECT x.*, u.display_name AS sender_name FROM (${SELECT}
      WHERE m.recipient_id = $1
        AND NOT EXISTS (SELECT 1 FROM blocks b WHERE (b.blocker_id = $1 AND b.blocked_id = m.sender_id)
                                                 OR (b.blocker_id = m.sender_id AND b.blocked_id = $1))
      ORDER BY m.created_at DESC, m.id DESC LIMIT $2) x
     LEFT JOIN users u ON u.id = x.sender_id
     WHERE u.suspended_at IS NULL
     ORDER BY x.created_at DESC, x.id DESC`,
    [userId, limit],
  );
}

export type ConversationRow = {
  member_id: string;
  name: string;
  unread: number;
  last_id: string;
  read_receipts: boolean;
};

/** One row per member written with (blocked ones left out), newest conversation first. */
export function conversations(q: Queryable, userId: string, limit: number): Promise<ConversationRow[]> {
  return q.query<ConversationRow>(
    `WITH mine AS (
       SELECT m.id, m.created_at, m.read_at, m.recipient_id,
              CASE WHEN m.sender_id = $1 THEN m.recipient_id ELSE m.sender_id END AS member_id
         FROM messages m
        WHERE m.sender_id = $1 OR m.recipient_id = $1
     ), last AS (
       SELECT DISTINCT ON (member_id) member_id, id AS last_id, created_at
         FROM mine WHERE member_id IS NOT NULL
        ORDER BY member_id, created_at DESC, id DESC
     )
     SELECT l.member_id, u.display_name AS name, l.last_id, u.read_receipts,
            (SELECT count(*)::int FROM mine x WHERE x.member_id = l.member_id AND x.recipient_id = $1 AND x.read_at IS NULL) AS unread
       FROM last l
       JOIN users u ON u.id = l.member_id AND u.suspended_at IS NULL
      WHERE NOT EXISTS (SELECT 1 FROM blocks b WHERE (b.blocker_id = $1 AND b.blocked_id = l.member_id)
                                                OR (b.blocker_id = l.member_id AND b.blocked_id = $1))
      ORDER BY l.created_at DESC, l.last_id DESC
      LIMIT $2`,
    [userId, limit],
  );
}

/** A page of the conversation between two members, newest first, older than the cursor if given. */
export function history(q: Queryable, a: string, b: string, before: { at: Date; id: string } | undefined, limit: number): Promise<MessageRow[]> {
  return q.query<MessageRow>(
    `${SELECT}
      WHERE LEAST(m.sender_id, m.recipient_id) = LEAST($1::uuid, $2::uuid)
        AND GREATEST(m.sender_id, m.recipient_id) = GREATEST($1::uuid, $2::uuid)
        AND ($3::timestamptz IS NULL OR (m.created_at, m.id) < ($3::timestamptz, $4::uuid))
      ORDER BY m.created_at DESC, m.id DESC
      LIMIT $5`,
    [a, b, before?.at ?? null, before?.id ?? null, limit],
  );
}

/**
 * Marks what `from` sent to `to` as read; answers how many were unread, the newest of them and
 * whether the reader sends read receipts.
 */
export async function markRead(
  q: Queryable,
  to: string,
  from: string,
): Promise<{ marked: number; newest?: { id: string; read_at: Date; read_receipts: boolean } }> {
  const rows = await q.query<{ id: string; created_at: Date; read_at: Date; read_receipts: boolean }>(
    `UPDATE messages m SET read_at = now() FROM users u
      WHERE m.recipient_id = $1 AND m.sender_id = $2 AND m.read_at IS NULL AND u.id = $1
      RETURNING m.id, m.created_at, m.read_at, u.read_receipts`,
    [to, from],
  );
  const newest = rows.reduce<(typeof rows)[number] | undefined>(
    (a, r) => (!a || r.created_at > a.created_at || (r.created_at.getTime() === a.created_at.getTime() && r.id > a.id) ? r : a),
    undefined,
  );
  return { marked: rows.length, newest };
}

/** Messages to the member not yet read, from senders they can still see (not suspended, not blocked either way). */
export async function unreadCount(q: Queryable, userId: string): Promise<number> {
  const rows = await q.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM messages m JOIN users u ON u.id = m.sender_id AND u.suspended_at IS NULL
      WHERE m.recipient_id = $1 AND m.read_at IS NULL
        AND NOT EXISTS (SELECT 1 FROM blocks b WHERE (b.blocker_id = $1 AND b.blocked_id = m.sender_id)
                                                 OR (b.blocker_id = m.sender_id AND b.blocked_id = $1))`,
    [userId],
  );
  return rows[0]!.n;
}

/** Who wrote the first message between two members; undefined when they have none yet. */
export async function startedBy(q: Queryable, a: string, b: string): Promise<string | null | undefined> {
  const rows = await q.query<{ sender_id: string | null }>(
    `SELECT m.sender_id FROM messages m
      WHERE LEAST(m.sender_id, m.recipient_id) = LEAST($1::uuid, $2::uuid)
        AND GREATEST(m.sender_id, m.recipient_id) = GREATEST($1::uuid, $2::uuid)
      ORDER BY m.created_at, m.id LIMIT 1`,
    [a, b],
  );
  return rows.length === 0 ? undefined : rows[0]!.sender_id;
}

/**
 * Counts one more reply today (Europe/Berlin) against a daily limit; false (nothing counted) when
 * the limit is reached. One statement, so concurrent sends cannot both take the last one.
 */
export async function countDailyReply(q: Queryable, userId: string, limit: number): Promise<boolean> {
  if (limit <= 0) return false;
  const rows = await q.query(
    `INSERT INTO daily_counters (user_id, kind, day, count)
     VALUES ($1, 'reply', (now() AT TIME ZONE 'Europe/Berlin')::date, 1)
     ON CONFLICT (user_id, kind, day) DO UPDATE SET count = daily_counters.count + 1 WHERE daily_counters.count < $2
     RETURNING count`,
    [userId, limit],
  );
  return rows.length === 1;
}

/** Replies counted today (Europe/Berlin). */
export async function dailyReplies(q: Queryable, userId: string): Promise<number> {
  const rows = await q.query<{ count: number }>(
    "SELECT count FROM daily_counters WHERE user_id = $1 AND kind = 'reply' AND day = (now() AT TIME ZONE 'Europe/Berlin')::date",
    [userId],
  );
  return rows[0]?.count ?? 0;
}

export type RecipientRow = { message_pref: 'everyone' | 'liked'; likes_sender: boolean; blocked: boolean };

/** The recipient if reachable (not suspended): their message preference, whether they liked the sender, a block either way. */
export async function findRecipient(q: Queryable, recipientId: string, senderId: string): Promise<RecipientRow | undefined> {
  const rows = await q.query<RecipientRow>(
    `SELECT u.message_pref,
            EXISTS (SELECT 1 FROM swipes s WHERE s.actor_id = u.id AND s.target_id = $2 AND s.kind <> 'skip') AS likes_sender,
            EXISTS (SELECT 1 FROM blocks b WHERE (b.blocker_id = u.id AND b.blocked_id = $2) OR (b.blocker_id = $2 AND b.blocked_id = u.id)) AS blocked
       FROM users u WHERE u.id = $1 AND u.suspended_at IS NULL`,
    [recipientId, senderId],
  );
  return rows[0];
}

export async function senderGender(q: Queryable, userId: string): Promise<'female' | 'male' | 'diverse' | null | undefined> {
  const rows = await q.query<{ gender: 'female' | 'male' | 'diverse' | null }>('SELECT gender FROM profiles WHERE user_id = $1', [userId]);
  return rows.length === 0 ? undefined : rows[0]!.gender;
}

