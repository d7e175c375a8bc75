/**
 * npm run backup [-- --out <file>]
 *
 * Writes one archive (default ./backups/funkeln-YYYYMMDD-HHMMSS.tar.gz, UTC) with the embedded
 * database, every photo under DATA_DIR/photos and a manifest with checksums. It takes the DATA_DIR
 * lock, so the server must be stopped. PostgreSQL (DATABASE_URL) and shared storage (STORAGE_URL)
 * are refused with a pointer to their own tools.
 */
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig } from '../src/config.js';
import { createBackup, defaultBackupFile } from '../src/backup/create-backup.js';
import { assertEmbedded } from '../src/backup/embedded-only.js';
import { exitWith, megabytes } from './cli-errors.js';

async function main(): Promise<number> {
  let out: string | undefined;
  try {
    out = parseArgs({ options: { out: { type: 'string' } } }).values.out;
  } catch {
    console.error('usage: npm run backup [-- --out <file>]');
    return 2;
  }
  const config = loadConfig();
  assertEmbedded(config, 'backup');
  const { file, bytes, manifest } = await createBackup(resolve(config.dataDir), resolve(out ?? defaultBackupFile(process.cwd())));
  const { counts } = manifest;
  console.log(`Backup written: ${file} (${megabytes(bytes)})`);
  console.log(`  database: ${counts.users} users, ${counts.photos} photos, ${manifest.migrations.length} migrations (PGlite ${manifest.pglite_version}, PostgreSQL ${manifest.postgres_version})`);
  console.log(`  photo files: ${counts.photo_files}`);
  console.log(`Restore with: npm run restore -- ${file}`);
  return 0;
}

exitWith(main);
