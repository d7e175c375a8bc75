/**
 * npm run restore -- <file> [--force]
 *
 * Verifies the whole archive (manifest, SHA-256 of every file) before it touches DATA_DIR, then
 * restores the embedded database and the photos under the DATA_DIR lock (stop the server first).
 * Existing data is refused; with --force it is renamed to <name>.before-restore-<time>, not deleted.
 */
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig } from '../src/config.js';
import { pgliteVersion } from '../src/backup/database.js';
import { assertEmbedded } from '../src/backup/embedded-only.js';
import { restoreBackup } from '../src/backup/restore-backup.js';
import { exitWith } from './cli-errors.js';

function parse(): { file: string; force: boolean } | undefined {
  try {
    const { positionals, values } = parseArgs({ options: { force: { type: 'boolean' } }, allowPositionals: true });
    const [file] = positionals;
    return file && positionals.length === 1 ? { file: resolve(file), force: values.force ?? false } : undefined;
  } catch {
    return undefined; // unknown option
  }
}

async function main(): Promise<number> {
  const args = parse();
  if (!args) {
    console.error('usage: npm run restore -- <file> [--force]');
    return 2;
  }
  const config = loadConfig();
  assertEmbedded(config, 'restore');
  const dataDir = resolve(config.dataDir);
  const { manifest, database, movedAside } = await restoreBackup(dataDir, args.file, args.force);
  console.log(`Restored ${args.file} (made ${manifest.created_at}) into ${dataDir}:`);
  console.log(`  database: ${database.users} users, ${database.photos} photos, ${database.migrations.length} migrations`);
  console.log(`  photo files: ${manifest.counts.photo_files}`);
  for (const dir of movedAside) console.log(`  previous data moved aside to ${dir} (delete it once you no longer need it)`);
  if (manifest.pglite_version !== pgliteVersion()) console.log(`  note: made with PGlite ${manifest.pglite_version}, this install has ${pgliteVersion()}`);
  console.log('Start the server as usual; it applies any migrations newer than the backup.');
  return 0;
}

exitWith(main);
