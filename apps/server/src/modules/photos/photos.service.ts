import { randomBytes, randomUUID } from 'node:crypto';
import { photoStatusLabels, type OwnPhoto, type PhotoStatus } from '@funkeln/contracts/profiles';
import pLimit from 'p-limit';
import type { Db } from '../../db/client.js';
import { AppError } from '../../platform/errors.js';
import type { EventBus } from '../../platform/events.js';
import type { Metrics } from '../../platform/metrics/metrics.js';
import type { BlobStorage } from '../../platform/storage/blob-storage.js';
import type { SettingsService } from '../settings/index.js';
import { processImage } from './image-pipeline.js';
import { decide, type ModerationDecision } from './moderation/decision.js';
import type { Moderator } from './moderation/moderator.js';
import type { PhotoScope, PhotoSize, PhotoUrlSigner } from './photo-urls.js';
import { findPhoto, findShownPhoto, findUserPhoto, replaceUserPhoto, type PhotoRow } from './photos.repo.js';

const APP_URL_TTL = 30 * 60;
const linkInvalid = () => new AppError('invalid_link');

export interface PhotoLog {
  warn(obj: object, msg: string): void;
}

/** What PhotosService is built from (named, so no call site depends on an argument order). */
export interface PhotosServiceDeps {
  db: Db;
  storage: BlobStorage;
  urls: PhotoUrlSigner;
  moderator: Moderator;
  settings: SettingsService;
  log: PhotoLog;
  events: EventBus;
  metrics: Pick<Metrics, 'moderationOutcomes'>;
}

export class PhotosService {
  /** Image work is CPU-bound: at most two at once on a 2-core box, the rest wait in order. */
  private readonly cpu = pLimit(2);

  private readonly db: Db;
  private readonly storage: BlobStorage;
  private readonly urls: PhotoUrlSigner;
  private readonly moderator: Moderator;
  private readonly settings: SettingsService;
  private readonly log: PhotoLog;
  private readonly events: EventBus;
  private readonly metrics: Pick<Metrics, 'moderationOutcomes'>;

  constructor(deps: PhotosServiceDeps) {
    this.db = deps.db;
    this.storage = deps.storage;
    this.urls = deps.urls;
    this.moderator = deps.moderator;
    this.settings = deps.settings;
    this.log = deps.log;
    this.events = deps.events;
    this.metrics = deps.metrics;
  }

  /** Re-encode, moderate, store, and replace the member's photo; nothing is kept on failure. */
  async upload(userId: string, data: Buffer): Promise<OwnPhoto> {
    const image = await this.cpu(() => processImage(data));
    const decision = await this.moderate(image.large);
    const id = randomUUID();
    const largeKey = `${randomBytes(16).toString('hex')}.jpg`;
    const thumbKey = `${randomBytes(16).toString('hex')}.jpg`;
    const keys = [largeKey, thumbKey];
    await this.storage.put(largeKey, image.large);
    await this.storage.put(thumbKey, image.thumb);
    let previous: PhotoRow | undefined;
    try {
      previous = await this.db.transaction((tx) => {
        this.events.publishOnCommit(tx, 'users.changed', { userIds: [userId] });
        return replaceUserPhoto(tx, {
          id,
          userId,
          status: decision.status,
          label: decision.label,
          scores: decision.scores,
          largeKey,
          thumbKey,
          width: image.width,
          height: image.height,
        });
      });
    } catch (err) {
      await Promise.all(keys.map((k) => this.storage.delete(k)));
      throw err;
    }
    if (previous) await Promise.all(fileKeys(previous).map((k) => this.storage.delete(k)));
    const row = await findPhoto(this.db, id);
    if (!row) throw new Error('photo vanished after insert');
    return this.toOwnPhoto(row);
  }

  async ownPhoto(userId: string): Promise<OwnPhoto | null> {
    const row = await findUserPhoto(this.db, userId);
    return row ? this.toOwnPhoto(row) : null;
  }

  /** Links for other members: only for an approved, enabled photo. */
  async publicUrls(row: PhotoRow | undefined, ttlSeconds = APP_URL_TTL, base = ''): Promise<{ url: string; thumbUrl: string } | null> {
    if (!row || visibleStatus(row) !== 'approved') return null;
    return {
      url: await this.urls.sign(row.id, 'large', 'public', ttlSeconds, base),
      thumbUrl: await this.urls.sign(row.id, 'thumb', 'public', ttlSeconds, base),
    };
  }

  /** Links for a photo the caller already knows to be approved (e.g. selected by the feed query). */
  async signedPublic(photoId: string): Promise<{ url: string; thumbUrl: string }> {
    return {
      url: await this.urls.sign(photoId, 'large', 'public', APP_URL_TTL),
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

  findForUser(userId: string): Promise<PhotoRow | undefined> {
    return findUserPhoto(this.db, userId);
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

/** blur_key: files of photos uploaded when a flirt showed the sender's photo blurred; they go too. */
function fileKeys(row: PhotoRow): string[] {
  return [row.large_key, row.thumb_key, row.blur_key].filter((k): k is string => Boolean(k));
}

export function visibleStatus(row: Pick<PhotoRow, 'status' | 'disabled_at'>): PhotoStatus {
  return row.disabled_at ? 'disabled' : row.status;
}
