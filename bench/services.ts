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

async function isSuperuser(admin: pg.Client): Promise<boolean> {
  const { rows } = await admin.query<{ rolsuper: boolean }>('SELECT rolsuper FROM pg_roles WHERE rolname = current_user');
  return rows[0]?.rolsuper === true;
}

/**
 * The bench's own connection (the population it generates) with full-page images compressed in
 * the WAL and commits not waiting for its flush: generating 1,000,000 members wrote ~540 MB of WAL
 * every 8-15 s, each forcing a checkpoint that competed with the inserts ("checkpoints are
 * occurring too frequently" in the server's log). Per session, so the server under test (given
 * the plain URL) runs with its server's own settings; wal_compression needs a superuser.
 */
function withBulkLoadSettings(url: URL): URL {
  const bulk = new URL(url);
  bulk.searchParams.set('options', '-c wal_compression=on -c synchronous_commit=off');
  return bulk;
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
  const db = createPostgresDb((await isSuperuser(admin)) ? withBulkLoadSettings(url).href : url.href);
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
