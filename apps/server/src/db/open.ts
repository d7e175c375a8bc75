import { resolve } from 'node:path';
import type { Config } from '../config.js';
import { createPostgresDb, type Db } from './client.js';
import { lockDataDir } from './data-dir-lock.js';
import { createPgliteThreadDb } from './pglite-thread.js';

/**
 * The database the configuration names: PostgreSQL at DATABASE_URL, or PGlite in DATA_DIR, whose
 * lock is taken first (one process at a time), on a thread of its own (pglite-thread.ts). Call
 * unlock after closing the database.
 */
export function openConfiguredDb(config: Pick<Config, 'databaseUrl' | 'dataDir' | 'dbStatsFile'>, poolSize?: number): { db: Db; unlock?: () => void } {
  if (config.databaseUrl) return { db: createPostgresDb(config.databaseUrl, poolSize) };
  const dir = resolve(config.dataDir);
  const unlock = lockDataDir(dir);
  return { db: createPgliteThreadDb(resolve(dir, 'pglite'), { statsFile: config.dbStatsFile }), unlock };
}
