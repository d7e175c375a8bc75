import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { BackupError, isPhotoEntry, PHOTOS_PREFIX } from './manifest.js';

/** Archive names (photos/ab/<key>) of every file under root; anything but files and folders is refused. */
export async function listPhotoFiles(root: string, rel = ''): Promise<string[]> {
  let entries;
  try {
    entries = await readdir(join(root, rel), { withFileTypes: true });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT' && rel === '') return [];
    throw err;
  }
  const names: string[] = [];
  for (const entry of entries.sort((a, b) => a.name.localeCompare(b.name))) {
    const path = rel ? `${rel}/${entry.name}` : entry.name;
    if (entry.isDirectory()) names.push(...(await listPhotoFiles(root, path)));
    else if (entry.isFile() && isPhotoEntry(PHOTOS_PREFIX + path)) names.push(PHOTOS_PREFIX + path);
    else throw new BackupError(`cannot back up ${join(root, path)}: only plain files with simple names belong in the photo folder`);
  }
  return names;
}

export function readPhotoFile(root: string, name: string): Promise<Buffer> {
  return readFile(join(root, name.slice(PHOTOS_PREFIX.length)));
}
