import type { AppModule, Platform } from '../../platform/module.js';
import type { SharedTtlStore } from '../../platform/redis/shared-ttl-store.js';
import type { BlobStorage } from '../../platform/storage/blob-storage.js';
import type { DecisionsService } from '../decisions/index.js';
import type { PhotosService, PhotoUrlSigner } from '../photos/index.js';
import type { SettingsService } from '../settings/index.js';
import type { FaceEngine } from './face/face-engine.js';
import { verificationRoutes } from './verification.routes.js';
import { FaceVerificationService } from './verification.service.js';

export interface VerificationModuleDeps extends Pick<Platform, 'db' | 'events' | 'log'> {
  storage: BlobStorage;
  photos: PhotosService;
  photoUrls: PhotoUrlSigner;
  settings: SettingsService;
  /** Closed by the composition root, which made it. */
  faceEngine: FaceEngine;
  shared: SharedTtlStore;
  decisions: DecisionsService;
}

/** Photo verification: selfie in a random pose against the member's photos; admins decide uncertain cases. */
export function createVerificationModule({ db, events, log, storage, photos, photoUrls, settings, faceEngine, shared, decisions }: VerificationModuleDeps): AppModule<{
  faceVerification: FaceVerificationService;
}> {
  const faceVerification = new FaceVerificationService({ db, storage, photos, photoUrls, settings, engine: faceEngine, events, log, shared, decisions });
  // A change of the main photo to another face removes the badge (checked after the commit, in the background).
  events.on('photos.changed', ({ memberId }) => void faceVerification.mainPhotoChanged(memberId));
  return { routes: verificationRoutes(faceVerification), services: { faceVerification }, jobs: [] };
}
