import { readFileSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import type { Manifest } from './manifest.js';

export interface DatabaseInfo {
  postgres_version: string;
  migrations: Manifest['migrations'];
  users: number;
  photos: number;
}

async function readInfo(lite: PGlite): Promise<DatabaseInfo | undefined> {
  const exists = await lite.query<{ ok: boolean }>("SELECT to_regclass('public.users') IS NOT NULL AND to_regclass('public.schema_migrations') IS NOT NULL AS ok");
  if (!exists.rows[0]?.ok) return undefined;
  const version = await lite.query<{ server_version: string }>('SHOW server_version');
  const migrations = await lite.query<{ version: string; applied_at: string }>(
    "SELECT version, to_char(applied_at AT TIME ZONE 'UTC', 'YYYY-MM-DD\"T\"HH24:MI:SS.US\"Z\"') AS applied_at FROM schema_migrations ORDER BY version",
  );
  const counts = await lite.query<{ users: number; photos: number }>(
    'SELECT (SELECT count(*) FROM users)::int AS users, (SELECT count(*) FROM photos)::int AS photos',
  );
  return {
    postgres_version: version.rows[0]?.server_version ?? 'unknown',
    migrations: migrations.rows,
    users: counts.rows[0]?.users ?? 0,
    photos: counts.rows[0]?.photos ?? 0,
  };
}

/** A consistent copy of the PGlite data directory (as a tar) and what it holds. */
export async function dumpDatabase(pgliteDir: string): Promise<{ info: DatabaseInfo | undefined; tar: Buffer }> {
  const lite = await PGlite.create(pgliteDir);
  try {
    const info = await readInfo(lite);
    await lite.query('CHECKPOINT');
    const tar = Buffer.from(await (await lite.dumpDataDir('none')).arrayBuffer());
    return { info, tar };
  } finally {
    await lite.close();
  }
}

/** Unpacks a dump into a new directory through PGlite itself, opens it and reports what it holds. */
export async function loadDatabase(pgliteDir: string, tar: Buffer): Promise<DatabaseInfo | undefined> {
  const lite = await PGlite.create(pgliteDir, { loadDataDir: new Blob([tar]) });
  try {
    return await readInfo(lite);
  } finally {
    await lite.close();
  }
}

export function pgliteVersion(): string {
  const pkg = new URL('../package.json', import.meta.resolve('@electric-sql/pglite'));
  return (JSON.parse(readFileSync(pkg, 'utf8')) as { version: string }).version;
}
