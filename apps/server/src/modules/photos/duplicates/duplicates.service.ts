import type { DuplicateFlag, DuplicateSide } from '@funkeln/contracts/photo-duplicates';
import type { Db, Queryable } from '../../../db/client.js';
import { timeOrderedId } from '../../../platform/crypto/ids.js';
import type { EventBus } from '../../../platform/events/events.js';
import { AppError } from '../../../platform/http/errors.js';
import { bandProbes, DUPLICATE_MAX_DISTANCE, hammingDistance, photoViews, toSigned, type ViewHashes } from './phash.js';
import * as repo from './duplicates.repo.js';

export interface DuplicateMatch {
  otherPhotoId: string;
  distance: number;
  mirrored: boolean;
}

/**
 * The closest stored view per other photo within the threshold, over the new photo's views and their
 * mirrors. Whole against whole, and whole against centre either way (a cropped copy is about the
 * other's centre); centre against centre finds no crop the others miss, only look-alikes (measured).
 */
export function closestMatches(views: readonly ViewHashes[], stored: readonly repo.HashCandidate[]): DuplicateMatch[] {
  const best = new Map<string, DuplicateMatch>();
  for (const c of stored) {
    const h = BigInt(c.hash);
    for (const v of views) {
      if (v.view === 1 && c.view === 1) continue;
      for (const [hash, mirrored] of [[v.hash, false], [v.mirror, true]] as const) {
        const distance = hammingDistance(toSigned(hash), h);
        const seen = best.get(c.photo_id);
        if (distance <= DUPLICATE_MAX_DISTANCE && (!seen || distance < seen.distance)) best.set(c.photo_id, { otherPhotoId: c.photo_id, distance, mirrored });
      }
    }
  }
  return [...best.values()];
}

interface Admin {
  id: string;
  email: string;
}

/**
 * Duplicate photos across accounts (issue 57 item 9): perceptual hashes at upload, compared with
 * other accounts' photos; a match is flagged to the team only (the uploader learns nothing, the
 * upload goes on). No face recognition: the hashes describe the picture, not the person.
 */
export class DuplicatePhotos {
  constructor(
    private readonly db: Db,
    private readonly events: EventBus,
    private readonly thumb: (photoId: string) => Promise<string>,
  ) {}

  /** The hashes of an upload's views (CPU work: the caller runs it under its image limit). */
  hashes(image: Buffer): Promise<ViewHashes[]> {
    return photoViews(image);
  }

  /** In the upload's transaction: keeps the new photo's hashes and flags other accounts' look-alikes. */
  async record(tx: Queryable, photoId: string, memberId: string, views: readonly ViewHashes[]): Promise<DuplicateMatch[]> {
    await repo.lockChecks(tx);
    await repo.insertHashes(tx, photoId, memberId, views.map((v) => ({ view: v.view, hash: toSigned(v.hash) })));
    const probes = bandProbes(views.flatMap((v) => [v.hash, v.mirror]));
    const matches = closestMatches(views, await repo.candidates(tx, memberId, probes));
    for (const m of matches) await repo.insertFlag(tx, { id: timeOrderedId(), photoId, otherPhotoId: m.otherPhotoId, distance: m.distance, mirrored: m.mirrored });
    return matches;
  }

  /** Open flags for the admin page, newest first (at most 100). */
  async open(): Promise<DuplicateFlag[]> {
    const rows = await repo.openFlags(this.db, 100);
    return Promise.all(
      rows.map(async (r) => ({
        id: r.id,
        distance: r.distance,
        mirrored: r.mirrored,
        createdAt: r.created_at.toISOString(),
        photo: await this.side(r.a_photo_id, r.a_uploaded_at, r.a_status, r.a_disabled_at, r.a_member_id, r.a_name, r.a_suspended_at),
        other: await this.side(r.b_photo_id, r.b_uploaded_at, r.b_status, r.b_disabled_at, r.b_member_id, r.b_name, r.b_suspended_at),
      })),
    );
  }

  /** "Kein Problem": closes the flag (in the audit log); not_found for an unknown or closed one. */
  async dismiss(admin: Admin, id: string): Promise<void> {
    if (!(await repo.dismissFlag(this.db, id, admin.id))) throw new AppError('not_found', { params: { of: 'duplicate_flag' } });
    this.events.emit('admin.acted', { admin, action: 'photo.duplicate.dismiss', target: id, details: {} });
  }

  private async side(
    photoId: string,
    uploadedAt: Date,
    status: string,
    disabledAt: Date | null,
    memberId: string,
    memberName: string,
    suspendedAt: Date | null,
  ): Promise<DuplicateSide> {
    return {
      photoId,
      thumbUrl: await this.thumb(photoId),
      uploadedAt: uploadedAt.toISOString(),
      status,
      disabled: disabledAt !== null,
      memberId,
      memberName,
      suspended: suspendedAt !== null,
    };
  }
}
