import { type Selectable, sql } from 'kysely';
import type { Queryable } from '../../db/client.js';
import { among, typed, uuidArray } from '../../db/kysely.js';
import type { Photos } from '../../db/schema.js';
import type { NsfwScores } from './moderation/decision.js';

const COLUMNS = ['id', 'user_id', 'status', 'moderation_label', 'large_key', 'thumb_key', 'blur_key', 'disabled_at', 'created_at', 'position', 'face_count'] as const;

export type PhotoRow = Pick<Selectable<Photos>, (typeof COLUMNS)[number]>;

export function findPhoto(q: Queryable, id: string): Promise<PhotoRow | undefined> {
  return typed(q).selectFrom('photos').select(COLUMNS).where('id', '=', id).executeTakeFirst();
}

/** The photo unless its owner is suspended: what a public link may still show. */
export function findShownPhoto(q: Queryable, id: string): Promise<PhotoRow | undefined> {
  return typed(q)
    .selectFrom('photos')
    .select(COLUMNS)
    .where('id', '=', id)
    .where(({ not, exists, selectFrom }) =>
      not(exists(selectFrom('users as u').select('u.id').whereRef('u.id', '=', 'photos.user_id').where('u.suspended_at', 'is not', null))),
    )
    .executeTakeFirst();
}

/** The member's photos in their order, whatever their state. */
export function listMemberPhotos(q: Queryable, memberId: string): Promise<PhotoRow[]> {
  return typed(q).selectFrom('photos').select(COLUMNS).where('user_id', '=', memberId).orderBy('position').execute();
}

/** The main photo: the first approved, enabled one by position (index photos_main_idx). */
export function findMainPhoto(q: Queryable, memberId: string): Promise<PhotoRow | undefined> {
  return typed(q)
    .selectFrom('photos')
    .select(COLUMNS)
    .where('user_id', '=', memberId)
    .where('status', '=', sql.lit('approved'))
    .where('disabled_at', 'is', null)
    .orderBy('position')
    .limit(1)
    .executeTakeFirst();
}

/** Approved, enabled photo ids of each member, in their order (for cards and profiles). */
export async function approvedPhotoIds(q: Queryable, memberIds: string[]): Promise<Map<string, string[]>> {
  const byMember = new Map<string, string[]>();
  if (memberIds.length === 0) return byMember;
  const rows = await typed(q)
    .selectFrom('photos')
    .select(['id', 'user_id'])
    .where('user_id', '=', among(uuidArray(memberIds)))
    .where('status', '=', sql.lit('approved'))
    .where('disabled_at', 'is', null)
    .orderBy('user_id')
    .orderBy('position')
    .execute();
  for (const r of rows) byMember.set(r.user_id, [...(byMember.get(r.user_id) ?? []), r.id]);
  return byMember;
}

/** Serialises the member's photo changes (upload, delete, reorder) on their users row. */
export async function lockMember(q: Queryable, memberId: string): Promise<void> {
  await typed(q).selectFrom('users').select('id').where('id', '=', memberId).forUpdate().executeTakeFirst();
}

export async function countMemberPhotos(q: Queryable, memberId: string): Promise<number> {
  const row = await typed(q)
    .selectFrom('photos')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('user_id', '=', memberId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Deletes the member's own photo and closes the gap behind it; undefined when it is not theirs. */
export async function deleteMemberPhoto(q: Queryable, memberId: string, photoId: string): Promise<PhotoRow | undefined> {
  const k = typed(q);
  const gone = await k.deleteFrom('photos').where('id', '=', photoId).where('user_id', '=', memberId).returning(COLUMNS).executeTakeFirst();
  if (gone) {
    await k
      .updateTable('photos')
      .set((eb) => ({ position: eb('position', '-', 1) }))
      .where('user_id', '=', memberId)
      .where('position', '>', gone.position)
      .execute();
  }
  return gone;
}

/** Sets position i for ids[i]; the caller has checked that ids are exactly the member's photos. */
export async function setPositions(q: Queryable, memberId: string, ids: string[]): Promise<void> {
  await sql`UPDATE photos SET position = o.position - 1
              FROM unnest(${ids}::uuid[]) WITH ORDINALITY AS o(id, position)
             WHERE photos.id = o.id AND photos.user_id = ${memberId}`.execute(typed(q));
}

/** The member has an approved photo that is not disabled (what the photo reward asks for). */
export async function hasApprovedPhoto(q: Queryable, memberId: string): Promise<boolean> {
  const row = await typed(q)
    .selectFrom('photos')
    .select('id')
    .where('user_id', '=', memberId)
    .where('status', '=', 'approved')
    .where('disabled_at', 'is', null)
    .executeTakeFirst();
  return row !== undefined;
}

/** Adds a photo at position `position` (the caller holds the member's lock and counted). */
export async function insertMemberPhoto(
  q: Queryable,
  p: {
    id: string;
    memberId: string;
    position: number;
    status: PhotoRow['status'];
    label: string | null;
    scores: NsfwScores | null;
    largeKey: string;
    thumbKey: string;
    width: number;
    height: number;
    faceCount: number | null;
  },
): Promise<void> {
  await typed(q)
    .insertInto('photos')
    .values({
      id: p.id,
      user_id: p.memberId,
      position: p.position,
      status: p.status,
      moderation_label: p.label,
      moderation_scores: JSON.stringify(p.scores ?? {}),
      large_key: p.largeKey,
      thumb_key: p.thumbKey,
      width: p.width,
      height: p.height,
      face_count: p.faceCount,
    })
    .execute();
}
