import { createHash } from 'node:crypto';
import { z } from 'zod';

/** Archive layout: the database entry, then every photo file, then the manifest (it lists the others). */
export const MANIFEST_ENTRY = 'manifest.json';
export const DATABASE_ENTRY = 'database/pglite.tar';
export const PHOTOS_PREFIX = 'photos/';
export const FORMAT = 'funkeln-backup';
export const FORMAT_VERSION = 1;

// Relative paths of plain names only: nothing in an archive can climb out of DATA_DIR/photos.
const PHOTO_PATH = /^photos(\/[\w-][\w.-]*)+$/;

export function isPhotoEntry(name: string): boolean {
  return PHOTO_PATH.test(name) && name.length <= 100;
}

const manifestSchema = z.object({
  format: z.literal(FORMAT),
  version: z.literal(FORMAT_VERSION),
  created_at: z.iso.datetime(),
  pglite_version: z.string(),
  postgres_version: z.string(),
  migrations: z.array(z.object({ version: z.string(), applied_at: z.string() })),
  counts: z.object({ users: z.number().int().min(0), photos: z.number().int().min(0), photo_files: z.number().int().min(0) }),
  files: z.array(z.object({ path: z.string(), size: z.number().int().min(0), sha256: z.string().regex(/^[a-f0-9]{64}$/) })),
});

export type Manifest = z.infer<typeof manifestSchema>;
export type ManifestFile = Manifest['files'][number];

export function describeFile(path: string, data: Buffer): ManifestFile {
  return { path, size: data.length, sha256: createHash('sha256').update(data).digest('hex') };
}

/** YYYYMMDD-HHMMSS in UTC, for file names. */
export function fileStamp(now = new Date()): string {
  return now.toISOString().replace(/[-:]/g, '').replace('T', '-').slice(0, 15);
}

export class BackupError extends Error {
  override name = 'BackupError';
}

/** Parses manifest.json; an unknown format or version is refused with a message saying which. */
export function parseManifest(data: Buffer): Manifest {
  let json: unknown;
  try {
    json = JSON.parse(data.toString('utf8'));
  } catch {
    throw new BackupError('manifest.json is not valid JSON');
  }
  const head = z.object({ format: z.string(), version: z.number() }).safeParse(json);
  if (head.success && (head.data.format !== FORMAT || head.data.version !== FORMAT_VERSION)) {
    throw new BackupError(`unsupported archive format ${head.data.format} v${head.data.version} (this version reads ${FORMAT} v${FORMAT_VERSION})`);
  }
  const parsed = manifestSchema.safeParse(json);
  if (!parsed.success) throw new BackupError(`manifest.json is invalid: ${parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`);
  return parsed.data;
}
