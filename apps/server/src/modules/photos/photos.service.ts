import { randomBytes, randomUUID } from 'node:crypto';
import { type GalleryResponse, MAX_PHOTOS, photoStatusLabels, type OwnPhoto, type PhotoStatus } from '@funkeln/contracts/profiles';
import pLimit from 'p-limit';
import type { Db, Queryable } from '../../db/client.js';
import { AppError } from '../../platform/http/errors.js';
import type { EventBus } from '../../platform/events/events.js';
import type { Metrics } from '../../platform/metrics/metrics.js';
import type { BlobStorage } from '../../platform/storage/blob-storage.js';
import type { DecisionsService } from '../decisions/index.js';
import type { SettingsService } from '../settings/index.js';
import type { DuplicatePhotos } from './duplicates/duplicates.service.js';
import type { ViewHashes } from './duplicates/phash.js';
import { processImage } from './image-pipeline.js';
import { decide, type ModerationDecision } from './moderation/decision.js';
import type { Moderator } from './moderation/moderator.js';
import type { PhotoScope, PhotoSize, PhotoUrlSigner } from './photo-urls.js';
import {
  approvedPhotoIds,
  countMemberPhotos,
  deleteMemberPhoto,
  findMainPhoto,
  findPhoto,
  findShownPhoto,
  hasApprovedPhoto,
  insertMemberPhoto,
  listMemberPhotos,
  lockMember,
  setPositions,
  type PhotoRow,
} from './photos.repo.js';

const APP_URL_TTL = 30 * 60;
const linkInvalid = () => new AppError('invalid_link');

/** Counts the faces on an image (the verification module's face engine, passed in by the composition root). */
export interface FaceCounter {
  countFaces(image: Buffer): Promise<number>;
}

export interface PhotoLog {
  warn(obj: object, msg: string): void;
}

/** What PhotosService is built from (named, so no call site depends on an argument order). */
export interface PhotosServiceDeps {
  db: Db;
  storage: BlobStorage;
  urls: PhotoUrlSigner;
  moderator: Moderator;
  faces: FaceCounter;
  settings: SettingsService;
  log: PhotoLog;
  events: EventBus;
  metrics: Pick<Metrics, 'moderationOutcomes'>;
  decisions: Pick<DecisionsService, 'record'>;
  /** Perceptual hashes at upload; look-alikes of other accounts' photos go to the team (issue 57 item 9). */
  duplicates: DuplicatePhotos;
}

const timeFormat = new Intl.DateTimeFormat('de-DE', { day: 'numeric', month: 'long', year: 'numeric', hour: '2-digit', minute: '2-digit', timeZone: 'Europe/Berlin' });

export class PhotosService {
  /** Image work is CPU-bound: at most two at once on a 2-core box, the rest wait in order. */
  private readonly cpu = pLimit(2);

  private readonly db: Db;
  private readonly storage: BlobStorage;
  private readonly urls: PhotoUrlSigner;
  private readonly moderator: Moderator;
  private readonly faces: FaceCounter;
  private readonly settings: SettingsService;
  private readonly log: PhotoLog;
  private readonly events: EventBus;
  private readonly metrics: Pick<Metrics, 'moderationOutcomes'>;
  private readonly decisions: Pick<DecisionsService, 'record'>;
  private readonly duplicates: DuplicatePhotos;

  constructor(deps: PhotosServiceDeps) {
    this.db = deps.db;
    this.storage = deps.storage;
    this.urls = deps.urls;
    this.moderator = deps.moderator;
    this.faces = deps.faces;
    this.settings = deps.settings;
    this.log = deps.log;
    this.events = deps.events;
    this.metrics = deps.metrics;
    this.decisions = deps.decisions;
    this.duplicates = deps.duplicates;
  }

  /** Re-encode, moderate, store, and add the photo at the end of the member's gallery; nothing is kept on failure. */
  async upload(memberId: string, data: Buffer): Promise<OwnPhoto> {
    // Cheap refusal before the image work; the count under the member's lock below is the one that holds.
    if ((await countMemberPhotos(this.db, memberId)) >= MAX_PHOTOS) throw new AppError('too_many_photos');
    const image = await this.cpu(() => processImage(data));
    const [decision, faceCount, views] = await Promise.all([this.moderate(image.large), this.countFaces(image.large), this.hashViews(image.large)]);
    const id = randomUUID();
    const largeKey = `${randomBytes(16).toString('hex')}.jpg`;
    const thumbKey = `${randomBytes(16).toString('hex')}.jpg`;
    const keys = [largeKey, thumbKey];
    await this.storage.put(largeKey, image.large);
    await this.storage.put(thumbKey, image.thumb);
    try {
      await this.db.transaction(async (tx) => {
        await lockMember(tx, memberId);
        const before = await listMemberPhotos(tx, memberId);
        const position = before.length;
        if (position >= MAX_PHOTOS) throw new AppError('too_many_photos');
        refuseFacelessMain(before, [...before, { status: decision.status, disabled_at: null, face_count: faceCount }]);
        this.events.publishOnCommit(tx, 'users.changed', { userIds: [memberId] });
        await insertMemberPhoto(tx, {
          id,
          memberId,
          position,
          status: decision.status,
          label: decision.label,
          scores: decision.scores,
          largeKey,
          thumbKey,
          width: image.width,
          height: image.height,
          faceCount,
        });
        // Flags for the team only: the answer is the same whether the picture is known elsewhere or not.
        if (views) await this.duplicates.record(tx, id, memberId, views);
        if (decision.status === 'rejected') await this.decisions.record(tx, automaticRefusal(memberId, id));
      });
    } catch (err) {
      await Promise.all(keys.map((k) => this.storage.delete(k)));
      throw err;
    }
    this.events.emit('photos.changed', { memberId });
    const row = await findPhoto(this.db, id);
    if (!row) throw new Error('photo vanished after insert');
    return this.toOwnPhoto(row);
  }

  /** The member's photos in order, whatever their state; `main` marks the first approved, enabled one. */
  async gallery(memberId: string): Promise<GalleryResponse> {
    const rows = await listMemberPhotos(this.db, memberId);
    const mainId = rows.find((r) => visibleStatus(r) === 'approved')?.id;
    const photos = await Promise.all(rows.map(async (r) => ({ ...(await this.toOwnPhoto(r)), position: r.position, main: r.id === mainId })));
    return { photos, max: MAX_PHOTOS };
  }

  /** Deletes one of the member's own photos and its files; another member's id is "not found". */
  async remove(memberId: string, photoId: string): Promise<GalleryResponse> {
    const gone = await this.db.transaction(async (tx) => {
      await lockMember(tx, memberId);
      const before = await listMemberPhotos(tx, memberId);
      const row = await deleteMemberPhoto(tx, memberId, photoId);
      if (!row) throw new AppError('not_found', { params: { of: 'own_photo' } });
      refuseFacelessMain(before, before.filter((r) => r.id !== photoId));
      this.events.publishOnCommit(tx, 'users.changed', { userIds: [memberId] });
      return row;
    });
    this.events.emit('photos.changed', { memberId });
    await this.deleteFiles(gone);
    return this.gallery(memberId);
  }

  /** New order: `ids` must be exactly the member's photo ids, each once; otherwise nothing changes. */
  async reorder(memberId: string, ids: string[]): Promise<GalleryResponse> {
    await this.db.transaction(async (tx) => {
      await lockMember(tx, memberId);
      const before = await listMemberPhotos(tx, memberId);
      const current = new Map(before.map((r) => [r.id, r]));
      const given = new Set(ids);
      if (given.size !== ids.length || given.size !== current.size || ids.some((id) => !current.has(id))) {
        throw new AppError('invalid_photo_order');
      }
      refuseFacelessMain(before, ids.map((id) => current.get(id) as PhotoRow));
      await setPositions(tx, memberId, ids);
      this.events.publishOnCommit(tx, 'users.changed', { userIds: [memberId] });
    });
    this.events.emit('photos.changed', { memberId });
    return this.gallery(memberId);
  }

  /** The photo the own profile shows: the main photo, else the first one (e.g. still being checked). */
  async ownPhoto(memberId: string): Promise<OwnPhoto | null> {
    const row = (await findMainPhoto(this.db, memberId)) ?? (await listMemberPhotos(this.db, memberId))[0];
    return row ? this.toOwnPhoto(row) : null;
  }

  /** Signed links of each member's approved photos in their order (profiles: both sizes; cards: `large` only). */
  async approvedUrls(memberIds: string[]): Promise<Map<string, { url: string; thumbUrl: string }[]>> {
    const ids = await approvedPhotoIds(this.db, memberIds);
    const out = new Map<string, { url: string; thumbUrl: string }[]>();
    for (const [memberId, photoIds] of ids) out.set(memberId, await Promise.all(photoIds.map((id) => this.signedPublic(id))));
    return out;
  }

  /** Large links only, for a member's card outside the feed (the card an undo brings back). */
  async approvedLargeUrls(memberIds: string[]): Promise<Map<string, string[]>> {
    const ids = await approvedPhotoIds(this.db, memberIds);
    const out = new Map<string, string[]>();
    for (const [memberId, photoIds] of ids) out.set(memberId, await this.largeUrls(photoIds));
    return out;
  }

  /** Large links of photos the caller knows to be approved and enabled (e.g. read by the feed query). */
  largeUrls(photoIds: readonly string[]): Promise<string[]> {
    return this.urls.signAll(photoIds, 'large', 'public', APP_URL_TTL);
  }

  /** The large link of one photo the caller knows to be approved and enabled. */
  largeUrl(photoId: string): Promise<string> {
    return this.urls.sign(photoId, 'large', 'public', APP_URL_TTL);
  }

  /** The thumbnail link of each member's main photo (the first approved one), for lists of members. */
  async mainThumbUrls(memberIds: string[]): Promise<Map<string, string>> {
    const mains = [...(await approvedPhotoIds(this.db, memberIds))].flatMap(([memberId, [main]]) => (main ? [{ memberId, main }] : []));
    const links = await this.urls.signAll(mains.map((m) => m.main), 'thumb', 'public', APP_URL_TTL);
    return new Map(mains.map((m, i) => [m.memberId, links[i]!]));
  }

  /** Ids of the member's approved, enabled photos in order (e.g. which may compete in the Top10). */
  async approvedIdsOf(memberId: string): Promise<string[]> {
    return (await approvedPhotoIds(this.db, [memberId])).get(memberId) ?? [];
  }

  /** Whether the member has an approved photo (inside the caller's transaction: the upload reward). */
  hasApprovedPhoto(q: Queryable, memberId: string): Promise<boolean> {
    return hasApprovedPhoto(q, memberId);
  }

  /** Every photo of the member (account deletion removes all their files). */
  allOf(memberId: string): Promise<PhotoRow[]> {
    return listMemberPhotos(this.db, memberId);
  }

  /** Links for other members: only for an approved, enabled photo. */
  async publicUrls(row: PhotoRow | undefined): Promise<{ url: string; thumbUrl: string } | null> {
    if (!row || visibleStatus(row) !== 'approved') return null;
    return {
      url: await this.urls.sign(row.id, 'large', 'public', APP_URL_TTL),
      thumbUrl: await this.urls.sign(row.id, 'thumb', 'public', APP_URL_TTL),
    };
  }

  /**
   * A share page's image link (`path` names the member, never the photo): signed together with the
   * member's share key and the photo's id, so switching sharing off or on (a new key) or another
   * main photo ends it before its expiry.
   */
  sharedImageUrl(path: string, row: PhotoRow, shareKey: string, ttlSeconds: number): Promise<string> {
    return this.urls.signPath(path, ttlSeconds, `${shareKey}\n${row.id}`);
  }

  /** The large image behind a share link signed for exactly this key and photo; not_found otherwise (as any dead link). */
  async sharedImage(path: string, row: PhotoRow, shareKey: string, exp: number, sig: string): Promise<{ data: Buffer; maxAge: number }> {
    const valid = await this.urls.verifyPath(path, exp, sig, `${shareKey}\n${row.id}`);
    return this.deliver(valid ? row.large_key : null, exp);
  }

  /**
   * The thumbnail of a photo while it is approved, enabled and its owner not suspended, for a page
   * behind its own capability (a shared date plan's token); not_found otherwise, as every dead link.
   */
  async shownThumb(photoId: string): Promise<Buffer> {
    const row = await findShownPhoto(this.db, photoId);
    return (await this.deliver(row && visibleStatus(row) === 'approved' ? row.thumb_key : null, 0)).data;
  }

  /** Both links (large and thumbnail) of a photo the caller already knows to be approved. */
  async signedPublic(photoId: string): Promise<{ url: string; thumbUrl: string }> {
    return {
      url: await this.largeUrl(photoId),
      thumbUrl: await this.urls.sign(photoId, 'thumb', 'public', APP_URL_TTL),
    };
  }

  /** Removes a photo's files (every size) from storage, after its row is gone. */
  async deleteFiles(row: PhotoRow): Promise<void> {
    await Promise.all(fileKeys(row).map((k) => this.storage.delete(k)));
  }

  /** A thumbnail link for moderators: owner scope, so it works whatever the photo's state. */
  moderationThumb(photoId: string): Promise<string> {
    return this.urls.sign(photoId, 'thumb', 'owner', APP_URL_TTL);
  }

  /** The member's main photo (first approved, enabled one by position): wherever one photo is shown. */
  findForMember(memberId: string): Promise<PhotoRow | undefined> {
    return findMainPhoto(this.db, memberId);
  }

  /** Delivers a photo file for a valid signed link; public links stop working once it is not approved or its owner is suspended. */
  async serve(id: string, size: PhotoSize, scope: PhotoScope, exp: number, sig: string) {
    if (!(await this.urls.verify(id, size, scope, exp, sig))) throw linkInvalid();
    const row = scope === 'owner' ? await findPhoto(this.db, id) : await findShownPhoto(this.db, id);
    const shown = row && (scope === 'owner' || visibleStatus(row) === 'approved');
    return this.deliver(shown ? (size === 'large' ? row.large_key : row.thumb_key) : null, exp);
  }

  private async deliver(key: string | null | undefined, exp: number): Promise<{ data: Buffer; maxAge: number }> {
    const data = key ? await this.storage.get(key) : undefined;
    if (!data) throw new AppError('not_found', { params: { of: 'photo_unavailable' } });
    return { data, maxAge: this.urls.remaining(exp) };
  }

  private async toOwnPhoto(row: PhotoRow): Promise<OwnPhoto> {
    const status = visibleStatus(row);
    return {
      id: row.id,
      status,
      statusLabel: photoStatusLabels[status],
      url: await this.urls.sign(row.id, 'large', 'owner', APP_URL_TTL),
      thumbUrl: await this.urls.sign(row.id, 'thumb', 'owner', APP_URL_TTL),
      createdAt: row.created_at.toISOString(),
    };
  }

  /** Faces on the upload; a detector failure must not lose it: unknown (null) then, as for photos from before the check. */
  private async countFaces(image: Buffer): Promise<number | null> {
    try {
      return await this.faces.countFaces(image);
    } catch (err) {
      this.log.warn({ err: (err as Error).message }, 'face check failed; face count unknown');
      return null;
    }
  }

  /** The duplicate check's hashes; a failure must not lose the upload (it is then not compared). */
  private async hashViews(image: Buffer): Promise<ViewHashes[] | null> {
    try {
      return await this.cpu(() => this.duplicates.hashes(image));
    } catch (err) {
      this.log.warn({ err: (err as Error).message }, 'photo hash failed; not compared for duplicates');
      return null;
    }
  }

  /** A model failure must not lose the upload: a human decides instead. */
  private async moderate(image: Buffer): Promise<ModerationDecision | { status: 'pending'; label: null; scores: null }> {
    try {
      const scores = await this.moderator.classify(image);
      const [rejectAt, reviewAt] = await Promise.all([
        this.settings.get('MODERATION_REJECT_THRESHOLD'),
        this.settings.get('MODERATION_REVIEW_THRESHOLD'),
      ]);
      const decision = decide(scores, { rejectAt, reviewAt });
      this.metrics.moderationOutcomes.inc({ outcome: decision.status });
      return decision;
    } catch (err) {
      this.metrics.moderationOutcomes.inc({ outcome: 'error' });
      this.log.warn({ err: (err as Error).message }, 'photo moderation failed; queued for human review');
      return { status: 'pending', label: null, scores: null };
    }
  }
}

/** The statement of reasons for a photo the model refused at upload: detected and decided by the machine. */
function automaticRefusal(memberId: string, photoId: string) {
  return {
    memberId,
    kind: 'photo_refused_auto' as const,
    objectId: photoId,
    object: `Dein Foto, hochgeladen am ${timeFormat.format(new Date())} Uhr`,
    facts: 'Unsere automatische Bildprüfung hat auf dem Foto mit hoher Wahrscheinlichkeit Nacktheit oder sexuelle Darstellungen erkannt. Deshalb sieht es niemand außer dir.',
    rule: 'sexual_content' as const,
    automatedDetection: true,
  };
}

type FaceState = Pick<PhotoRow, 'status' | 'disabled_at' | 'face_count'>;

/**
 * Whether a picture known to show no face (face_count 0) stands where it is, or may become, the main
 * photo: in gallery order over the photos that are approved or still being checked (a pending one
 * may be approved later), a faceless one before the first approved one with a face. An unknown
 * count (NULL: before the check existed, or the detector failed) counts as a face.
 */
function facelessMain(photos: readonly FaceState[]): boolean {
  for (const p of photos) {
    if (p.disabled_at || p.status === 'rejected') continue;
    if (p.face_count === 0) return true;
    if (p.status === 'approved') return false;
  }
  return false;
}

/** Refuses a change (upload, delete, reorder) that puts a faceless picture before the main photo; one that leaves such a state as it was is not the member's doing (an admin's decision) and passes. */
function refuseFacelessMain(before: readonly FaceState[], after: readonly FaceState[]): void {
  if (facelessMain(after) && !facelessMain(before)) throw new AppError('main_photo_needs_face');
}

/** blur_key: files of photos uploaded when a flirt showed the sender's photo blurred; they go too. */
function fileKeys(row: PhotoRow): string[] {
  return [row.large_key, row.thumb_key, row.blur_key].filter((k): k is string => Boolean(k));
}

export function visibleStatus(row: Pick<PhotoRow, 'status' | 'disabled_at'>): PhotoStatus {
  return row.disabled_at ? 'disabled' : row.status;
}
