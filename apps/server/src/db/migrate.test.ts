import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestDb } from '../../test/test-db.js';
import type { Db } from './client.js';
import { migrate, migrationHistory } from './migrate.js';

const DIR = fileURLToPath(new URL('./migrations/', import.meta.url));
const FILES = readdirSync(DIR).filter((f) => /^\d{3}-[\w-]+\.sql$/.test(f)).sort();

let drop: (() => Promise<void>) | undefined;
afterEach(async () => {
  await drop?.();
  drop = undefined;
});

async function emptyDb(): Promise<Db> {
  const t = await createTestDb({ migrated: false });
  drop = t.drop;
  return t.db;
}

/** What the hand-written runner (before Kysely) left behind: its own table, one row per file. */
async function migrateTheOldWay(db: Db, files: string[]): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.query('CREATE TABLE schema_migrations (version text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())');
    for (const file of files) {
      await tx.exec(readFileSync(DIR + file, 'utf8'));
      await tx.query("INSERT INTO schema_migrations (version, applied_at) VALUES ($1, '2026-01-02T03:04:05.678Z')", [file]);
    }
  });
}

describe('migrate', () => {
  it('applies every file once, in order, and nothing on the next start', async () => {
    const db = await emptyDb();
    expect(await migrate(db)).toEqual(FILES);
    expect(await migrate(db)).toEqual([]);
    expect((await migrationHistory(db))?.map((m) => m.version)).toEqual(FILES);
  });

  it('lets one of two processes starting at once migrate; the other waits and finds nothing left', async () => {
    const db = await emptyDb();
    const [a, b] = await Promise.all([migrate(db), migrate(db)]);
    expect([a, b].sort((x, y) => y.length - x.length)).toEqual([FILES, []]);
  });

  it('takes over a database migrated by the old runner: nothing re-applied, data kept, new files applied', async () => {
    const db = await emptyDb();
    const old = FILES.slice(0, -1);
    await migrateTheOldWay(db, old);
    await db.query("INSERT INTO users (id, email, display_name) VALUES (gen_random_uuid(), 'alt@example.org', 'Alte Daten')");

    expect(await migrate(db)).toEqual(FILES.slice(-1));
    expect(await db.query('SELECT display_name FROM users')).toEqual([{ display_name: 'Alte Daten' }]);
    expect(await db.query("SELECT to_regclass('public.schema_migrations') AS t")).toEqual([{ t: null }]);
    const history = await migrationHistory(db);
    expect(history?.map((m) => m.version)).toEqual(FILES);
    expect(history?.slice(0, old.length).map((m) => m.applied_at)).toEqual(old.map(() => '2026-01-02T03:04:05.678Z'));
    expect(await migrate(db)).toEqual([]);
  });

  it('rolls back every pending file when one fails, and the old history stays as it was', async () => {
    const db = await emptyDb();
    await migrateTheOldWay(db, FILES.slice(0, 1));
    await db.query('CREATE TABLE photos (id int)'); // 002 creates photos: it fails
    await expect(migrate(db)).rejects.toThrow(/photos/);
    expect((await migrationHistory(db))?.map((m) => m.version)).toEqual(FILES.slice(0, 1));
    expect(await db.query("SELECT to_regclass('public.profiles') AS t")).toEqual([{ t: null }]);
  });
});
