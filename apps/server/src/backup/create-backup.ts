import { createWriteStream, existsSync } from 'node:fs';
import { mkdir, rename, rm, stat } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGzip } from 'node:zlib';
import { lockDataDir } from '../db/data-dir-lock.js';
import { dumpDatabase, pgliteVersion } from './database.js';
import { BackupError, DATABASE_ENTRY, describeFile, fileStamp, FORMAT, FORMAT_VERSION, type Manifest, MANIFEST_ENTRY, type ManifestFile } from './manifest.js';
import { listPhotoFiles, readPhotoFile } from './photo-files.js';
import type { TarEntry } from './tar.js';
import { tarBytes } from './tar.js';

export interface BackupResult {
  file: string;
  bytes: number;
  manifest: Manifest;
}

/** backups/funkeln-YYYYMMDD-HHMMSS.tar.gz (UTC) under dir. */
export function defaultBackupFile(dir: string, now = new Date()): string {
  return join(dir, 'backups', `funkeln-${fileStamp(now)}.tar.gz`);
}

/**
 * Writes one .tar.gz with the database, every photo file and a manifest (checksums, counts,
 * migrations). It holds the DATA_DIR lock throughout and writes to a temporary name first, so a
 * failed run never leaves an archive under the final name.
 */
export async function createBackup(dataDir: string, out: string): Promise<BackupResult> {
  const pgliteDir = join(dataDir, 'pglite');
  if (!existsSync(join(pgliteDir, 'PG_VERSION'))) throw new BackupError(`There is no embedded database in ${pgliteDir}.`);
  if (existsSync(out)) throw new BackupError(`${out} already exists; choose another --out.`);
  const unlock = lockDataDir(dataDir);
  try {
    const { info, tar } = await dumpDatabase(pgliteDir);
    if (!info) throw new BackupError(`${pgliteDir} holds no Funkeln database (no migrations applied).`);
    const photosRoot = join(dataDir, 'photos');
    const photoNames = await listPhotoFiles(photosRoot);
    const files: ManifestFile[] = [];
    const manifest: Manifest = {
      format: FORMAT,
      version: FORMAT_VERSION,
      created_at: new Date().toISOString(),
      pglite_version: pgliteVersion(),
      postgres_version: info.postgres_version,
      migrations: info.migrations,
      counts: { users: info.users, photos: info.photos, photo_files: photoNames.length },
      files,
    };
    async function* entries(): AsyncGenerator<TarEntry> {
      files.push(describeFile(DATABASE_ENTRY, tar));
      yield { name: DATABASE_ENTRY, data: tar };
      for (const name of photoNames) {
        const data = await readPhotoFile(photosRoot, name);
        files.push(describeFile(name, data));
        yield { name, data };
      }
      yield { name: MANIFEST_ENTRY, data: Buffer.from(`${JSON.stringify(manifest, null, 2)}\n`) };
    }
    await mkdir(dirname(out), { recursive: true });
    const partial = `${out}.partial-${process.pid}`;
    try {
      await pipeline(Readable.from(tarBytes(entries())), createGzip(), createWriteStream(partial, { flags: 'wx', flush: true }));
      await rename(partial, out);
    } catch (err) {
      await rm(partial, { force: true });
      throw err;
    }
    return { file: out, bytes: (await stat(out)).size, manifest };
  } finally {
    unlock();
  }
}
