import { type Selectable, sql } from 'kysely';
import type { Queryable } from '../../db/client.js';
import { typed } from '../../db/kysely.js';
import type { DateShares } from '../../db/schema.js';

const OWN = ['id', 'partner_name', 'place', 'address', 'note', 'starts_at', 'expires_at', 'photo_id'] as const;
export type OwnShareRow = Pick<Selectable<DateShares>, (typeof OWN)[number]>;

/** Whether the two members have written with each other (a conversation exists, either direction). */
export async function haveConversation(q: Queryable, a: string, b: string): Promise<boolean> {
  const row = await typed(q)
    .selectFrom('messages as m')
    .select('m.id')
    .where((eb) =>
      eb.or([
        eb.and([eb('m.sender_id', '=', a), eb('m.recipient_id', '=', b)]),
        eb.and([eb('m.sender_id', '=', b), eb('m.recipient_id', '=', a)]),
      ]),
    )
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/** Serialises a member's share creations (the cap below holds under parallel requests). */
export async function lockMember(q: Queryable, memberId: string): Promise<void> {
  await typed(q).selectFrom('users').select('id').where('id', '=', memberId).forUpdate().executeTakeFirst();
}

export async function countActive(q: Queryable, memberId: string): Promise<number> {
  const row = await typed(q)
    .selectFrom('date_shares')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('user_id', '=', memberId)
    .where('expires_at', '>', sql<Date>`now()`)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function insertShare(
  q: Queryable,
  s: {
    id: string;
    memberId: string;
    partnerId: string;
    tokenHash: string;
    partnerName: string;
    photoId: string | null;
    place: string;
    address: string | null;
    note: string | null;
    startsAt: Date;
    expiresAt: Date;
  },
): Promise<OwnShareRow> {
  return typed(q)
    .insertInto('date_shares')
    .values({
      id: s.id,
      user_id: s.memberId,
      partner_id: s.partnerId,
      token_hash: s.tokenHash,
      partner_name: s.partnerName,
      photo_id: s.photoId,
      place: s.place,
      address: s.address,
      note: s.note,
      starts_at: s.startsAt,
      expires_at: s.expiresAt,
    })
    .returning(OWN)
    .executeTakeFirstOrThrow();
}

/** The member's shares whose links still work, soonest date first. */
export function listActive(q: Queryable, memberId: string): Promise<OwnShareRow[]> {
  return typed(q)
    .selectFrom('date_shares')
    .select(OWN)
    .where('user_id', '=', memberId)
    .where('expires_at', '>', sql<Date>`now()`)
    .orderBy('starts_at')
    .orderBy('id')
    .execute();
}

/** Deletes one of the member's own shares; false when it is not hers (or gone). */
export async function deleteOwn(q: Queryable, memberId: string, id: string): Promise<boolean> {
  const row = await typed(q).deleteFrom('date_shares').where('id', '=', id).where('user_id', '=', memberId).returning('id').executeTakeFirst();
  return row !== undefined;
}

/** The plan behind a token's hash while its link works, with the sharer's name (her own, she chose to share it). */
export function findLive(q: Queryable, tokenHash: string) {
  return typed(q)
    .selectFrom('date_shares as d')
    .innerJoin('users as u', 'u.id', 'd.user_id')
    .select(['d.partner_name', 'd.place', 'd.address', 'd.note', 'd.starts_at', 'd.photo_id', 'u.display_name as sharer_name'])
    .where('d.token_hash', '=', tokenHash)
    .where('d.expires_at', '>', sql<Date>`now()`)
    .executeTakeFirst();
}

/** Expired plans go for good (the daily job). */
export async function deleteExpired(q: Queryable): Promise<number> {
  const rows = await typed(q).deleteFrom('date_shares').where('expires_at', '<=', sql<Date>`now()`).returning('id').execute();
  return rows.length;
}
