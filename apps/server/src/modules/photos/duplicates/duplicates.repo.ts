import { sql } from 'kysely';
import type { Queryable } from '../../../db/client.js';
import { typed } from '../../../db/kysely.js';

/**
 * Serialises the check-and-insert of concurrent uploads until their commits: otherwise two accounts
 * uploading the same picture at once would each miss the other's uncommitted hashes (READ COMMITTED).
 * Held for the few milliseconds from the check to the commit.
 */
export async function lockChecks(q: Queryable): Promise<void> {
  await sql`SELECT pg_advisory_xact_lock(hashtextextended('photo-duplicate-check', 0))`.execute(typed(q));
}

/** Stores a photo's view hashes (signed 64-bit, sent as text: a JS number would lose bits). */
export async function insertHashes(q: Queryable, photoId: string, memberId: string, views: readonly { view: number; hash: bigint }[]): Promise<void> {
  await typed(q)
    .insertInto('photo_hashes')
    .values(views.map((v) => ({ photo_id: photoId, user_id: memberId, view: v.view, hash: sql<number>`${v.hash.toString()}::bigint` })))
    .onConflict((oc) => oc.columns(['photo_id', 'view']).doNothing())
    .execute();
}

export interface HashCandidate {
  photo_id: string;
  view: number;
  hash: string;
}

/** Other accounts' hashes sharing a probed band value (the candidates; the caller counts the bits). */
export function candidates(q: Queryable, memberId: string, probes: readonly [number[], number[], number[], number[]]): Promise<HashCandidate[]> {
  return typed(q)
    .selectFrom('photo_hashes')
    .select(['photo_id', 'view', sql<string>`hash::text`.as('hash')])
    .where('user_id', '<>', memberId)
    .where((eb) =>
      eb.or([
        eb('band0', '=', sql<number>`ANY(${probes[0]}::integer[])`),
        eb('band1', '=', sql<number>`ANY(${probes[1]}::integer[])`),
        eb('band2', '=', sql<number>`ANY(${probes[2]}::integer[])`),
        eb('band3', '=', sql<number>`ANY(${probes[3]}::integer[])`),
      ]),
    )
    .execute();
}

/** Flags the pair unless it is flagged already (either way round; a dismissed pair stays dismissed). */
export async function insertFlag(q: Queryable, f: { id: string; photoId: string; otherPhotoId: string; distance: number; mirrored: boolean }): Promise<void> {
  await sql`INSERT INTO duplicate_photo_flags (id, photo_id, other_photo_id, distance, mirrored)
            SELECT ${f.id}, ${f.photoId}, ${f.otherPhotoId}, ${f.distance}, ${f.mirrored}
             WHERE NOT EXISTS (SELECT 1 FROM duplicate_photo_flags
                                WHERE (photo_id = ${f.photoId} AND other_photo_id = ${f.otherPhotoId})
                                   OR (photo_id = ${f.otherPhotoId} AND other_photo_id = ${f.photoId}))
            ON CONFLICT DO NOTHING`.execute(typed(q));
}

const side = (alias: 'a' | 'b') => [
  `${alias}p.id as ${alias}_photo_id`,
  `${alias}p.created_at as ${alias}_uploaded_at`,
  `${alias}p.status as ${alias}_status`,
  `${alias}p.disabled_at as ${alias}_disabled_at`,
  `${alias}u.id as ${alias}_member_id`,
  `${alias}u.display_name as ${alias}_name`,
  `${alias}u.suspended_at as ${alias}_suspended_at`,
] as const;

/** Open flags, newest first, with both photos and both accounts (for the team only). */
export function openFlags(q: Queryable, limit: number) {
  return typed(q)
    .selectFrom('duplicate_photo_flags as f')
    .innerJoin('photos as ap', 'ap.id', 'f.photo_id')
    .innerJoin('users as au', 'au.id', 'ap.user_id')
    .innerJoin('photos as bp', 'bp.id', 'f.other_photo_id')
    .innerJoin('users as bu', 'bu.id', 'bp.user_id')
    .select(['f.id', 'f.distance', 'f.mirrored', 'f.created_at', ...side('a'), ...side('b')])
    .where('f.dismissed_at', 'is', null)
    .orderBy('f.created_at', 'desc')
    .orderBy('f.id', 'desc')
    .limit(limit)
    .execute();
}

/** Marks an open flag "no problem"; false when there is no open flag with that id. */
export async function dismissFlag(q: Queryable, id: string, adminId: string): Promise<boolean> {
  const row = await typed(q)
    .updateTable('duplicate_photo_flags')
    .set({ dismissed_at: sql<Date>`now()`, dismissed_by: adminId })
    .where('id', '=', id)
    .where('dismissed_at', 'is', null)
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}
