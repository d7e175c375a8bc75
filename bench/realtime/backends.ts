/** Where bench/realtime's server keeps its data: a fresh PGlite directory, or a fresh PostgreSQL database beside Redis. */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createPgliteDb, type Db } from '../../apps/server/src/db/client.js';
import { migrate } from '../../apps/server/src/db/migrate.js';
import { freshPostgresDatabase, redisReachable } from '../services.js';

export interface Backend {
  label: string;
  /** Migrated, for the bench to fill and close before the server starts (on PGlite the server opens the same files). */
  db: Db;
  /** The server's environment for this backend. */
  env: Record<string, string>;
  dispose(): Promise<void>;
}

export async function pgliteBackend(): Promise<Backend> {
  const dataDir = mkdtempSync(join(tmpdir(), 'funkeln-bench-realtime-'));
  const db = createPgliteDb(join(dataDir, 'pglite'));
  await migrate(db);
  return {
    label: 'PGlite',
    db,
    env: { DATA_DIR: dataDir },
    dispose: async () => rmSync(dataDir, { recursive: true, force: true }),
  };
}

/** A fresh database `name` on the server behind adminUrl, and Redis; undefined (with the reason) when either is not reachable. */
export async function postgresBackend(adminUrl: string, name: string, redisUrl: string, log: (msg: string) => void): Promise<Backend | undefined> {
  if (!(await redisReachable(redisUrl))) {
    log(`Redis at ${redisUrl} not reachable; skipping the PostgreSQL + Redis part`);
    return undefined;
  }
  const fresh = await freshPostgresDatabase(adminUrl, name, log);
  if (!fresh) return undefined;
  const dataDir = mkdtempSync(join(tmpdir(), 'funkeln-bench-realtime-'));
  return {
    label: `PostgreSQL ${fresh.version} + Redis`,
    db: fresh.db,
    env: { DATA_DIR: dataDir, DATABASE_URL: fresh.url, REDIS_URL: redisUrl, REDIS_PREFIX: `bench-realtime-${process.pid}:` },
    dispose: async () => {
      await fresh.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
