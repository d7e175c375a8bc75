import type { BlobStorage } from '../../platform/storage/blob-storage.js';
import type { AppModule, Platform } from '../../platform/module.js';
import type { DecisionsService } from '../decisions/index.js';
import type { SettingsService } from '../settings/index.js';
import type { Moderator } from './moderation/moderator.js';
import { DuplicatePhotos } from './duplicates/duplicates.service.js';
import { PhotoUrlSigner } from './photo-urls.js';
import { photosRoutes } from './photos.routes.js';
import { type FaceCounter, PhotosService } from './photos.service.js';

export interface PhotosModuleDeps extends Pick<Platform, 'db' | 'events' | 'log' | 'metrics'> {
  storage: BlobStorage;
  /** Closed by the composition root, which made it (tests swap it). */
  moderator: Moderator;
  /** The face engine of the verification module (one model load per process), closed by the composition root. */
  faces: FaceCounter;
  settings: SettingsService;
  /** The statement of reasons for a photo the automatic check refuses (DSA Art. 17). */
  decisions: DecisionsService;
}

/** Upload, moderation and signed URLs of member photos. */
export function createPhotosModule({ db, events, log, metrics, storage, moderator, faces, settings, decisions }: PhotosModuleDeps): AppModule<{
  photos: PhotosService;
  photoUrls: PhotoUrlSigner;
}> {
  const photoUrls = new PhotoUrlSigner(db);
  const duplicates = new DuplicatePhotos(db, events, (id) => photoUrls.sign(id, 'thumb', 'owner', 30 * 60));
  const photos = new PhotosService({ db, storage, urls: photoUrls, moderator, faces, settings, log, events, metrics, duplicates, decisions });
  return { routes: photosRoutes(photos, duplicates), services: { photos, photoUrls }, jobs: [] };
}
