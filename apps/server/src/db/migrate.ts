import { readdir, readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { Kysely, type Migration, Migrator, PostgresAdapter } from 'kysely';
import type { Db, Queryable, Tx } from './client.js';
import { queryableDialect } from './kysely.js';

const MIGRATIONS_DIR = fileURLToPath(new URL('./migrations/', import.meta.url));
const LOCK_KEY = 7_402_118; // advisory lock: one process migrates at a time
/** Kysely's bookkeeping table: one row per applied file, named by its file name. */
export const MIGRATION_TABLE = 'kysely_migration';
/** The hand-written runner's bookkeeping table, taken over by adoptLegacyHistory. */
const LEGACY_TABLE = 'schema_migrations';

/**
 * Applies every numbered migrations/NNN-name.sql not yet applied, in order, all in one transaction
 * under an advisory lock (a second process waits, then finds nothing left to do). Each file runs
 * whole, as one script. Returns the file names applied.
 */
export async function migrate(db: Db): Promise<string[]> {
  const files = (await readdir(MIGRATIONS_DIR)).filter((f) => /^\d{3}-[\w-]+\.sql$/.test(f));
  return db.transaction(async (tx) => {
    await tx.query('SELECT pg_advisory_xact_lock($1)', [LOCK_KEY]);
    await adoptLegacyHistory(tx);
    const migrator = new Migrator({
      db: new Kysely<unknown>({ dialect: { ...queryableDialect(tx), createAdapter: () => new LockHeldAdapter() } }),
      provider: { getMigrations: async () => Object.fromEntries(files.map((f) => [f, fileMigration(tx, f)])) },
      // Already inside db.transaction: Kysely must not open one of its own.
      disableTransactions: true,
    });
    const { error, results = [] } = await migrator.migrateToLatest();
    if (error) throw error;
    return results.map((r) => r.migrationName);
  });
}

/**
 * Kysely's own lock is a session-level advisory lock, which a rollback does not release (the pool
 * would hand out a connection still holding it); migrate already holds a transaction-level one.
 */
class LockHeldAdapter extends PostgresAdapter {
  override async acquireMigrationLock(): Promise<void> {}
  override async releaseMigrationLock(): Promise<void> {}
}

function fileMigration(tx: Tx, file: string): Migration {
  return { up: async () => tx.exec(await readFile(MIGRATIONS_DIR + file, 'utf8')) };
}

/** Which bookkeeping tables exist. */
async function bookkeeping(q: Queryable): Promise<{ legacy: boolean; current: boolean }> {
  const [state] = await q.query<{ legacy: boolean; current: boolean }>(
    `SELECT to_regclass('public.${LEGACY_TABLE}') IS NOT NULL AS legacy, to_regclass('public.${MIGRATION_TABLE}') IS NOT NULL AS current`,
  );
  return state ?? { legacy: false, current: false };
}

/**
 * A database migrated by the hand-written runner (before Kysely) keeps its history: the applied
 * file names move, with when they were applied, into Kysely's table, so nothing runs twice.
 */
async function adoptLegacyHistory(tx: Tx): Promise<void> {
  const state = await bookkeeping(tx);
  if (!state.legacy || state.current) return;
  await tx.exec(`
    CREATE TABLE ${MIGRATION_TABLE} (name varchar(255) NOT NULL PRIMARY KEY, timestamp varchar(255) NOT NULL);
    INSERT INTO ${MIGRATION_TABLE} (name, timestamp)
      SELECT version, to_char(applied_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') FROM ${LEGACY_TABLE};
    DROP TABLE ${LEGACY_TABLE};
  `);
}

/**
 * The applied migrations as a backup manifest lists them (file name, when applied), from either
 * bookkeeping table (a backup may hold a database from before Kysely); undefined if neither exists.
 */
export async function migrationHistory(q: Queryable): Promise<{ version: string; applied_at: string }[] | undefined> {
  const state = await bookkeeping(q);
  if (state.current) return q.query(`SELECT name AS version, timestamp AS applied_at FROM ${MIGRATION_TABLE} ORDER BY name`);
  if (state.legacy) {
    return q.query(
      `SELECT version, to_char(applied_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') AS applied_at FROM ${LEGACY_TABLE} ORDER BY version`,
    );
  }
  return undefined;
}
