import { existsSync, readdirSync } from 'node:fs';
import { mkdir, rename, rm, rmdir, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { lockDataDir } from '../db/data-dir-lock.js';
import { type DatabaseInfo, loadDatabase } from './database.js';
import { BackupError, DATABASE_ENTRY, fileStamp, type Manifest, PHOTOS_PREFIX } from './manifest.js';
import { scanArchive } from './read-archive.js';

export interface RestoreResult {
  manifest: Manifest;
  database: DatabaseInfo;
  /** Earlier content of DATA_DIR, renamed (never deleted) by --force. */
  movedAside: string[];
}

const hasContent = (dir: string) => existsSync(dir) && readdirSync(dir).length > 0;

function assertMatches(info: DatabaseInfo | undefined, manifest: Manifest): DatabaseInfo {
  if (!info) throw new BackupError('the restored database holds no Funkeln tables');
  const versions = (m: Manifest['migrations']) => m.map((r) => r.version).join(',');
  if (versions(info.migrations) !== versions(manifest.migrations)) throw new BackupError('the restored database has other migrations than the manifest lists');
  if (info.users !== manifest.counts.users || info.photos !== manifest.counts.photos) {
    throw new BackupError(`the restored database has ${info.users} users and ${info.photos} photos; the manifest says ${manifest.counts.users} and ${manifest.counts.photos}`);
  }
  return info;
}

/** Unpacks the archive next to the live folders; the caller renames them into place. */
async function unpack(file: string, pglite: string, photos: string): Promise<{ manifest: Manifest; database: DatabaseInfo }> {
  let tar: Buffer | undefined;
  await mkdir(photos, { recursive: true });
  const manifest = await scanArchive(file, async (entry) => {
    if (entry.name === DATABASE_ENTRY) {
      tar = entry.data;
      return;
    }
    const path = join(photos, entry.name.slice(PHOTOS_PREFIX.length));
    await mkdir(dirname(path), { recursive: true });
    await writeFile(path, entry.data, { flag: 'wx' });
  });
  if (!tar) throw new BackupError('the archive holds no database');
  return { manifest, database: assertMatches(await loadDatabase(pglite, tar), manifest) };
}

/**
 * Verifies the whole archive before touching DATA_DIR, then (holding the DATA_DIR lock) unpacks it
 * beside the live folders, checks the restored database against the manifest and only then swaps
 * the folders. Existing data is refused unless force, and with force it is renamed, not deleted.
 */
export async function restoreBackup(dataDir: string, file: string, force: boolean): Promise<RestoreResult> {
  await scanArchive(file);
  const unlock = lockDataDir(dataDir);
  try {
    const live = { pglite: join(dataDir, 'pglite'), photos: join(dataDir, 'photos') };
    const occupied = Object.values(live).filter(hasContent);
    if (occupied.length > 0 && !force) {
      throw new BackupError(`${occupied.join(' and ')} already hold data. Run again with --force to move it aside (it is renamed, not deleted) and restore.`);
    }
    const stamp = fileStamp();
    const staging = { pglite: `${live.pglite}.restoring-${stamp}`, photos: `${live.photos}.restoring-${stamp}` };
    let restored: Awaited<ReturnType<typeof unpack>>;
    try {
      restored = await unpack(file, staging.pglite, staging.photos);
    } catch (err) {
      await Promise.all(Object.values(staging).map((dir) => rm(dir, { recursive: true, force: true })));
      throw err;
    }
    const movedAside: string[] = [];
    for (const dir of occupied) {
      await rename(dir, `${dir}.before-restore-${stamp}`);
      movedAside.push(`${dir}.before-restore-${stamp}`);
    }
    for (const key of ['pglite', 'photos'] as const) {
      if (existsSync(live[key])) await rmdir(live[key]); // an empty folder; rmdir refuses anything else
      await rename(staging[key], live[key]);
    }
    return { ...restored, movedAside };
  } finally {
    unlock();
  }
}
