import type { Queryable } from '../../db/client.js';
import type { NsfwScores } from './moderation/decision.js';

export interface PhotoRow {
  id: string;
  user_id: string;
  status: 'approved' | 'pending' | 'rejected';
  moderation_label: string | null;
  large_key: string;
  thumb_key: string;
  blur_key: string | null;
  disabled_at: Date | null;
  created_at: Date;
}

const COLUMNS = 'id, user_id, status, moderation_label, large_key, thumb_key, blur_key, disabled_at, created_at';

export async function findPhoto(q: Queryable, id: string): Promise<PhotoRow | undefined> {
  return (await q.query<PhotoRow & Record<string, unknown>>(`SELECT ${COLUMNS} FROM photos WHERE id = $1`, [id]))[0];
}

/** The photo unless its owner is suspended: what a public link may still show. */
export async function findShownPhoto(q: Queryable, id: string): Promise<PhotoRow | undefined> {
  return (
    await q.query<PhotoRow & Record<string, unknown>>(
      `SELECT ${COLUMNS} FROM photos WHERE id = $1 AND NOT EXISTS (SELECT 1 FROM users u WHERE u.id = photos.user_id AND u.suspended_at IS NOT NULL)`,
      [id],
    )
  )[0];
}

export async function findUserPhoto(q: Queryable, userId: string): Promise<PhotoRow | undefined> {
  return (await q.query<PhotoRow & Record<string, unknown>>(`SELECT ${COLUMNS} FROM photos WHERE user_id = $1`, [userId]))[0];
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
  const previous = (
    await q.query<PhotoRow & Record<string, unknown>>(`DELETE FROM photos WHERE user_id = $1 RETURNING ${COLUMNS}`, [p.userId])
  )[0];
  await q.query(
    `INSERT INTO photos (id, user_id, status, moderation_label, moderation_scores, large_key, thumb_key, width, height)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
    [p.id, p.userId, p.status, p.label, JSON.stringify(p.scores ?? {}), p.largeKey, p.thumbKey, p.width, p.height],
  );
  return previous;
}
