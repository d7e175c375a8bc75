import { readFileSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import type { Row } from '../db/client.js';
import { migrationHistory } from '../db/migrate.js';
import type { Manifest } from './manifest.js';

export interface DatabaseInfo {
  postgres_version: string;
  migrations: Manifest['migrations'];
  users: number;
  photos: number;
}

async function readInfo(lite: PGlite): Promise<DatabaseInfo | undefined> {
  const exists = await lite.query<{ ok: boolean }>("SELECT to_regclass('public.users') IS NOT NULL AS ok");
  const migrations = exists.rows[0]?.ok ? await migrationHistory({ query: async <T extends Row>(sql: string, params?: unknown[]) => (await lite.query<T>(sql, params)).rows }) : undefined;
  if (!migrations) return undefined;
  const version = await lite.query<{ server_version: string }>('SHOW server_version');
  const counts = await lite.query<{ users: number; photos: number }>(
    'SELECT (SELECT count(*) FROM users)::int AS users, (SELECT count(*) FROM photos)::int AS photos',
  );
  return {
    postgres_version: version.rows[0]?.server_version ?? 'unknown',
    migrations,
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
