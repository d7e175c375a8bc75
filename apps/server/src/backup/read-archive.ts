import { createReadStream } from 'node:fs';
import { pipeline } from 'node:stream/promises';
import { createGunzip } from 'node:zlib';
import { BackupError, DATABASE_ENTRY, describeFile, isPhotoEntry, type Manifest, MANIFEST_ENTRY, type ManifestFile, parseManifest } from './manifest.js';
import { readTar, type TarEntry, TarFormatError } from './tar.js';

const same = (a: ManifestFile, b: ManifestFile | undefined) => b !== undefined && a.size === b.size && a.sha256 === b.sha256;

/** Checks every entry against the manifest: same names, sizes and SHA-256, nothing missing or extra. */
function check(manifest: Manifest, seen: Map<string, ManifestFile>): void {
  const listed = new Map(manifest.files.map((f) => [f.path, f]));
  for (const [path, file] of seen) {
    if (!listed.has(path)) throw new BackupError(`${path} is in the archive but not in its manifest`);
    if (!same(file, listed.get(path))) throw new BackupError(`${path} does not match its checksum in the manifest`);
  }
  for (const path of listed.keys()) if (!seen.has(path)) throw new BackupError(`${path} is listed in the manifest but missing`);
  if (!seen.has(DATABASE_ENTRY)) throw new BackupError('the archive holds no database');
  const photoFiles = [...seen.keys()].filter((p) => p !== DATABASE_ENTRY).length;
  if (photoFiles !== manifest.counts.photo_files) throw new BackupError(`the manifest counts ${manifest.counts.photo_files} photo files, the archive holds ${photoFiles}`);
}

/**
 * Reads the whole archive once, hands every database and photo entry to onEntry and returns the
 * manifest once all of it is verified. Damage anywhere (gzip CRC, tar header, checksum) throws.
 */
export async function scanArchive(file: string, onEntry: (entry: TarEntry) => Promise<void> = async () => undefined): Promise<Manifest> {
  const seen = new Map<string, ManifestFile>();
  let manifest: Manifest | undefined;
  try {
    await pipeline(createReadStream(file), createGunzip(), async (source: AsyncIterable<Buffer>) => {
      for await (const entry of readTar(source)) {
        if (manifest) throw new BackupError(`${entry.name} follows the manifest, which must come last`);
        if (seen.has(entry.name)) throw new BackupError(`${entry.name} appears twice`);
        if (entry.name === MANIFEST_ENTRY) {
          manifest = parseManifest(entry.data);
          continue;
        }
        if (entry.name !== DATABASE_ENTRY && !isPhotoEntry(entry.name)) throw new BackupError(`unexpected entry ${entry.name}`);
        seen.set(entry.name, describeFile(entry.name, entry.data));
        await onEntry(entry);
      }
    });
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (err instanceof BackupError) throw new BackupError(`${file} is not a usable backup: ${err.message}`);
    if (err instanceof TarFormatError || code?.startsWith('Z_')) throw new BackupError(`${file} is damaged: ${(err as Error).message}`);
    if (code === 'ENOENT' || code === 'EACCES' || code === 'EISDIR') throw new BackupError(`cannot read ${file}: ${(err as Error).message}`);
    throw err;
  }
  if (!manifest) throw new BackupError(`${file} is not a usable backup: it has no manifest.json`);
  try {
    check(manifest, seen);
  } catch (err) {
    throw new BackupError(`${file} is not a usable backup: ${(err as Error).message}`);
  }
  return manifest;
}
