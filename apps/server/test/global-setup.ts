import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { createPostgresDb } from '../src/db/client.js';
import { createPgliteThreadDb } from '../src/db/pglite-thread.js';
import { migrate } from '../src/db/migrate.js';
import { compileEntries, type ProcessEntry } from './compiled-entries.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The programs the tests start as processes, compiled once per run (test/compiled-entries.ts). */
    compiledEntries: Record<ProcessEntry, string>;
  }
}

/** Under apps/server, so that the compiled programs resolve packages as the sources do. */
const COMPILED_ROOT = fileURLToPath(new URL('../node_modules/.cache/funkeln-test-entries/', import.meta.url));

/**
 * Migrates once per run instead of once per test file
 * (docs/decisions/0076-fast-feedback-and-template-databases.md): on PGlite a migrated cluster, kept
 * as a DATA_DIR and dumped; on PostgreSQL a template database. A test file
 * then starts from a copy in about a second, where initdb and 28 migrations took ~4 s each time.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  mkdirSync(COMPILED_ROOT, { recursive: true });
  const compiledDir = mkdtempSync(COMPILED_ROOT);
  project.provide('compiledEntries', await compileEntries(compiledDir));
  // The project's own env (vitest.config.ts) says which database it runs on.
  const testDb = project.config.env.TEST_DB ?? process.env.TEST_DB;
  const adminUrl = testDb === 'postgres' ? process.env.TEST_DATABASE_URL : undefined;
  const teardown = adminUrl ? await postgresTemplate(project, adminUrl) : await pgliteTemplate(project);
  return async () => {
    await teardown();
    rmSync(compiledDir, { recursive: true, force: true });
  };
}

async function pgliteTemplate(project: TestProject): Promise<() => Promise<void>> {
  const root = mkdtempSync(join(tmpdir(), 'funkeln-template-'));
  const dataDir = join(root, 'data');
  mkdirSync(dataDir);
  // On a thread of its own, as the server runs it (closed on the main thread, PGlite ends the process).
  const db = createPgliteThreadDb(join(dataDir, 'pglite'));
  const dumpFile = join(root, 'pglite.tar');
  try {
    await migrate(db);
    await db.dumpTo(dumpFile);
  } finally {
    await db.close();
  }
  project.provide('pgliteTemplateDump', dumpFile);
  project.provide('pgliteTemplateDataDir', dataDir);
  project.provide('postgresTemplate', undefined);
  return async () => rmSync(root, { recursive: true, force: true });
}

async function postgresTemplate(project: TestProject, adminUrl: string): Promise<() => Promise<void>> {
  const name = `funkeln_t_template_${randomBytes(4).toString('hex')}`;
  const admin = async (sql: string) => {
    const c = new pg.Client({ connectionString: adminUrl });
    await c.connect();
    try {
      await c.query(sql);
    } finally {
      await c.end();
    }
  };
  await admin(`CREATE DATABASE ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const db = createPostgresDb(url.href);
  await migrate(db);
  await db.close(); // CREATE DATABASE … TEMPLATE needs the template without connections
  project.provide('pgliteTemplateDump', undefined);
  project.provide('pgliteTemplateDataDir', undefined);
  project.provide('postgresTemplate', name);
  return () => admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
}
