import { type Selectable, sql } from 'kysely';
import type { Queryable } from '../../db/client.js';
import { typed, uuidArray } from '../../db/kysely.js';
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
export function listUserPhotos(q: Queryable, userId: string): Promise<PhotoRow[]> {
  return typed(q).selectFrom('photos').select(COLUMNS).where('user_id', '=', userId).orderBy('position').execute();
}

/** The main photo: the first approved, enabled one by position (index photos_main_idx). */
export function findMainPhoto(q: Queryable, userId: string): Promise<PhotoRow | undefined> {
  return typed(q)
    .selectFrom('photos')
    .select(COLUMNS)
    .where('user_id', '=', userId)
    .where('status', '=', sql.lit('approved'))
    .where('disabled_at', 'is', null)
    .orderBy('position')
    .limit(1)
    .executeTakeFirst();
}

/** Approved, enabled photo ids of each member, in their order (for cards and profiles). */
export async function approvedPhotoIds(q: Queryable, userIds: string[]): Promise<Map<string, string[]>> {
  const byUser = new Map<string, string[]>();
  if (userIds.length === 0) return byUser;
  const rows = await typed(q)
    .selectFrom('photos')
    .select(['id', 'user_id'])
    .where('user_id', '=', (eb) => eb.fn.any(uuidArray(userIds)))
    .where('status', '=', sql.lit('approved'))
    .where('disabled_at', 'is', null)
    .orderBy('user_id')
    .orderBy('position')
    .execute();
  for (const r of rows) byUser.set(r.user_id, [...(byUser.get(r.user_id) ?? []), r.id]);
  return byUser;
}

/** Serialises the member's photo changes (upload, delete, reorder) on their users row. */
export async function lockMember(q: Queryable, userId: string): Promise<void> {
  await typed(q).selectFrom('users').select('id').where('id', '=', userId).forUpdate().executeTakeFirst();
}

export async function countUserPhotos(q: Queryable, userId: string): Promise<number> {
  const row = await typed(q)
    .selectFrom('photos')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Deletes the member's own photo and closes the gap behind it; undefined when it is not theirs. */
export async function deleteUserPhoto(q: Queryable, userId: string, photoId: string): Promise<PhotoRow | undefined> {
  const k = typed(q);
  const gone = await k.deleteFrom('photos').where('id', '=', photoId).where('user_id', '=', userId).returning(COLUMNS).executeTakeFirst();
  if (gone) {
    await k
      .updateTable('photos')
      .set((eb) => ({ position: eb('position', '-', 1) }))
      .where('user_id', '=', userId)
      .where('position', '>', gone.position)
      .execute();
  }
  return gone;
}

/** Sets position i for ids[i]; the caller has checked that ids are exactly the member's photos. */
export async function setPositions(q: Queryable, userId: string, ids: string[]): Promise<void> {
  await sql`UPDATE photos SET position = o.position - 1
              FROM unnest(${ids}::uuid[]) WITH ORDINALITY AS o(id, position)
             WHERE photos.id = o.id AND photos.user_id = ${userId}`.execute(typed(q));
}

/** The member has an approved photo that is not disabled (what the photo reward asks for). */
export async function hasApprovedPhoto(q: Queryable, userId: string): Promise<boolean> {
  const row = await typed(q)
    .selectFrom('photos')
    .select('id')
    .where('user_id', '=', userId)
    .where('status', '=', 'approved')
    .where('disabled_at', 'is', null)
    .executeTakeFirst();
  return row !== undefined;
}

/** Adds a photo at position `position` (the caller holds the member's lock and counted). */
export async function insertUserPhoto(
  q: Queryable,
  p: {
    id: string;
    userId: string;
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
      user_id: p.userId,
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
