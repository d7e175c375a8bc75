/** What several benches need from the machine's PostgreSQL and Redis. */
import { Redis } from 'ioredis';
import pg from 'pg';
import { createPostgresDb, type Db } from '../apps/server/src/db/client.js';
import { migrate } from '../apps/server/src/db/migrate.js';

export async function redisReachable(url: string): Promise<boolean> {
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

export interface FreshDatabase {
  /** Migrated and open. */
  db: Db;
  url: string;
  /** e.g. '15.20' */
  version: string;
  /** Closes db (if still open) and drops the database. */
  drop(): Promise<void>;
}

/** A new, migrated database `name` on the server behind adminUrl; undefined (said in log) when it is not reachable. */
export async function freshPostgresDatabase(adminUrl: string, name: string, log: (msg: string) => void): Promise<FreshDatabase | undefined> {
  const admin = new pg.Client({ connectionString: adminUrl });
  try {
    await admin.connect();
  } catch (err) {
    log(`PostgreSQL at ${adminUrl} not reachable (${(err as Error).message}); skipping that part`);
    return undefined;
  }
  const version = (await admin.query<{ server_version: string }>('SHOW server_version')).rows[0]?.server_version.split(' ')[0] ?? '?';
  await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin.query(`CREATE DATABASE ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const db = createPostgresDb(url.href);
  const drop = async () => {
    await db.close().catch(() => undefined); // the bench may have closed it already
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  };
  try {
    await migrate(db);
  } catch (err) {
    await drop();
    throw err;
  }
  return { db, url: url.href, version, drop };
}
