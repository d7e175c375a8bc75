import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { createPostgresDb, type Db } from '../src/db/client.js';
import { createPgliteThreadDb } from '../src/db/pglite-thread.js';
import { migrate } from '../src/db/migrate.js';
import { provided } from './provided.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A migrated PGlite data directory dumped as an uncompressed tar: in-memory test databases load it. */
    pgliteTemplateDump: string | undefined;
    /** A migrated DATA_DIR (its pglite/ folder): server processes of the tests start on a copy of it. */
    pgliteTemplateDataDir: string | undefined;
    /** A migrated PostgreSQL database: each test file's database is created from it (TEST_DB=postgres). */
    postgresTemplate: string | undefined;
  }
}

/**
 * A fresh, migrated database for one test file: in-memory PGlite on its own thread (as the server
 * runs it), or a new PostgreSQL database. Both start from the run's migrated template
 * (test/global-setup.ts) when there is one, and are migrated here otherwise.
 * With migrated: false it is left empty (for the migration tests).
 */
export async function createTestDb({ migrated = true } = {}): Promise<{ db: Db; url: string | undefined; drop(): Promise<void> }> {
  const adminUrl = process.env.TEST_DB === 'postgres' ? process.env.TEST_DATABASE_URL : undefined;
  if (!adminUrl) {
    const dump = migrated ? provided('pgliteTemplateDump') : undefined;
    const db = createPgliteThreadDb(undefined, { loadDataDir: dump });
    if (migrated && !dump) await migrate(db);
    return { db, url: undefined, drop: () => db.close() };
  }
  const name = `funkeln_t_${randomBytes(6).toString('hex')}`;
  const template = migrated ? provided('postgresTemplate') : undefined;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(template ? `CREATE DATABASE ${name} TEMPLATE ${template}` : `CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const db = createPostgresDb(url.href);
  if (migrated && !template) await migrate(db);
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
