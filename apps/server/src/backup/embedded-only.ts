import type { Config } from '../config.js';
import { BackupError } from './manifest.js';

/**
 * Backup and restore cover the embedded setup only: PGlite in DATA_DIR/pglite and photos in
 * DATA_DIR/photos. A PostgreSQL server and shared storage have their own, better tools.
 */
export function assertEmbedded(config: Pick<Config, 'databaseUrl' | 'storageUrl'>, command: 'backup' | 'restore'): void {
  const reasons: string[] = [];
  if (config.databaseUrl) {
    reasons.push(
      'DATABASE_URL is set, so the database is a PostgreSQL server. Use its own tools: ' +
        'pg_dump -Fc "$DATABASE_URL" -f funkeln.dump to back up, ' +
        'pg_restore --clean --if-exists --no-owner -d "$DATABASE_URL" funkeln.dump to restore.',
    );
  }
  if (config.storageUrl) {
    const where = new URL(config.storageUrl).protocol === 's3:' ? 'an S3-compatible bucket' : 'a shared directory';
    reasons.push(
      `STORAGE_URL is set, so photos live in ${where}, not in DATA_DIR/photos. ` +
        "Protect them with the store's own means: bucket versioning (and replication) for S3, a file-system backup or snapshot for a shared directory.",
    );
  }
  if (reasons.length > 0) {
    throw new BackupError([`npm run ${command} only handles the embedded database and DATA_DIR/photos.`, ...reasons].join('\n'));
  }
}
