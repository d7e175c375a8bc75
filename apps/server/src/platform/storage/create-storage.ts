import { join, resolve } from 'node:path';
import type { BlobStorage } from './blob-storage.js';
import { createLocalStorage } from './local.js';
import { createS3Storage } from './s3.js';
import { parseStorageUrl } from './storage-url.js';

/**
 * The driver STORAGE_URL names: unset -> DATA_DIR/photos (one process), file:///dir -> a
 * directory several processes share, s3://... -> an S3-compatible bucket.
 */
export function createStorage(config: { dataDir: string; storageUrl: string | undefined }): BlobStorage {
  if (!config.storageUrl) return createLocalStorage(join(resolve(config.dataDir), 'photos'));
  const target = parseStorageUrl(config.storageUrl);
  return target.kind === 'file' ? createLocalStorage(target.root) : createS3Storage(target);
}
