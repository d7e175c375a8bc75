/** Where bench/realtime's server keeps its data: a fresh PGlite directory, or a fresh PostgreSQL database beside Redis. */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Redis } from 'ioredis';
import pg from 'pg';
import { createPgliteDb, createPostgresDb, type Db } from '../../apps/server/src/db/client.js';
import { migrate } from '../../apps/server/src/db/migrate.js';

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

async function redisReachable(url: string): Promise<boolean> {
  const redis = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null });
  try {
    await redis.connect();
    await redis.ping();
    return true;
  } catch {
    return false;
  } finally {
    redis.disconnect();
  }
}

/** A fresh database `name` on the server behind adminUrl, and Redis; undefined (with the reason) when either is not reachable. */
export async function postgresBackend(adminUrl: string, name: string, redisUrl: string, log: (msg: string) => void): Promise<Backend | undefined> {
  const admin = new pg.Client({ connectionString: adminUrl });
  try {
    await admin.connect();
  } catch (err) {
    log(`PostgreSQL at ${adminUrl} not reachable (${(err as Error).message}); skipping that part`);
    return undefined;
  }
  if (!(await redisReachable(redisUrl))) {
    await admin.end();
    log(`Redis at ${redisUrl} not reachable; skipping the PostgreSQL + Redis part`);
    return undefined;
  }
  const [{ server_version: version } = { server_version: '?' }] = (await admin.query<{ server_version: string }>('SHOW server_version')).rows;
  await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin.query(`CREATE DATABASE ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const db = createPostgresDb(url.href);
  await migrate(db);
  const dataDir = mkdtempSync(join(tmpdir(), 'funkeln-bench-realtime-'));
  return {
    label: `PostgreSQL ${version.split(' ')[0] ?? version} + Redis`,
    db,
    env: { DATA_DIR: dataDir, DATABASE_URL: url.href, REDIS_URL: redisUrl, REDIS_PREFIX: `bench-realtime-${process.pid}:` },
    dispose: async () => {
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
