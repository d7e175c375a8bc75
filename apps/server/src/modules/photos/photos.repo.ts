import type { Selectable } from 'kysely';
import type { Queryable } from '../../db/client.js';
import { typed } from '../../db/kysely.js';
import type { Photos } from '../../db/schema.js';
import type { NsfwScores } from './moderation/decision.js';

const COLUMNS = ['id', 'user_id', 'status', 'moderation_label', 'large_key', 'thumb_key', 'blur_key', 'disabled_at', 'created_at'] as const;

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

export function findUserPhoto(q: Queryable, userId: string): Promise<PhotoRow | undefined> {
  return typed(q).selectFrom('photos').select(COLUMNS).where('user_id', '=', userId).executeTakeFirst();
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

/** Replaces the member's photo (one per member); returns the previous one so its files can go. */
export async function replaceUserPhoto(
  q: Queryable,
  p: {
    id: string;
    userId: string;
    status: PhotoRow['status'];
    label: string | null;
    scores: NsfwScores | null;
    largeKey: string;
    thumbKey: string;
    width: number;
    height: number;
  },
): Promise<PhotoRow | undefined> {
  const k = typed(q);
  const previous = await k.deleteFrom('photos').where('user_id', '=', p.userId).returning(COLUMNS).executeTakeFirst();
  await k
    .insertInto('photos')
    .values({
      id: p.id,
      user_id: p.userId,
      status: p.status,
      moderation_label: p.label,
      moderation_scores: JSON.stringify(p.scores ?? {}),
      large_key: p.largeKey,
      thumb_key: p.thumbKey,
      width: p.width,
      height: p.height,
    })
    .execute();
  return previous;
}
