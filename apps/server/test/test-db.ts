import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { createPostgresDb, type Db } from '../src/db/client.js';
import { createPgliteThreadDb } from '../src/db/pglite-thread.js';
import { migrate } from '../src/db/migrate.js';

/**
 * A fresh, migrated database for one test file: in-memory PGlite on its own thread (as the server
 * runs it), or a new PostgreSQL database.
 * With migrated: false it is left empty (for the migration tests).
 */
export async function createTestDb({ migrated = true } = {}): Promise<{ db: Db; url: string | undefined; drop(): Promise<void> }> {
  const adminUrl = process.env.TEST_DB === 'postgres' ? process.env.TEST_DATABASE_URL : undefined;
  if (!adminUrl) {
    const db = createPgliteThreadDb(undefined);
    if (migrated) await migrate(db);
    return { db, url: undefined, drop: () => db.close() };
  }
  const name = `funkeln_t_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const db = createPostgresDb(url.href);
  if (migrated) await migrate(db);
  return {
    db,
    url: url.href,
    async drop() {
      await db.close();
      const c = new pg.Client({ connectionString: adminUrl });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}
