import { spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { createPgliteDb, type Db } from '../../db/client.js';
import { migrate } from '../../db/migrate.js';
import { migratedDataDir, programArgs } from '../../../test/server-process.js';
import { createTestDb } from '../../../test/test-db.js';

const SERVER_DIR = fileURLToPath(new URL('../../../', import.meta.url));

interface Target {
  env: Record<string, string>;
  /** Runs fn on the database while the command is not running (the embedded one allows one process). */
  withDb<T>(fn: (db: Db) => Promise<T>): Promise<T>;
  cleanup(): Promise<void>;
}

async function target(): Promise<Target> {
  if (process.env.TEST_DB === 'postgres') {
    const { db, url, drop } = await createTestDb();
    return { env: { DATABASE_URL: url! }, withDb: (fn) => fn(db), cleanup: drop };
  }
  const dataDir = migratedDataDir('funkeln-admin-cli-');
  const withDb = async <T>(fn: (db: Db) => Promise<T>): Promise<T> => {
    const db = createPgliteDb(join(dataDir, 'pglite'));
    try {
      return await fn(db);
    } finally {
      await db.close();
    }
  };
  await withDb(migrate);
  return { env: { DATA_DIR: dataDir }, withDb, cleanup: async () => undefined };
}

/** `npm run admin -- grant|revoke <email>` against the configured database, as a real process. */
describe('admin command', () => {
  it('grants and revokes the admin role by e-mail and explains a missing account', async () => {
    const t = await target();
    try {
      const id = randomUUID();
      await t.withDb((db) => db.query("INSERT INTO users (id, email, display_name) VALUES ($1, 'boss@example.org', 'Boss')", [id]));
      const cli = (...args: string[]) =>
        spawnSync(process.execPath, [...programArgs('scripts/admin.ts'), ...args], { cwd: SERVER_DIR, env: { PATH: process.env.PATH ?? '', NODE_ENV: 'test', ...t.env }, encoding: 'utf8' });
      const role = () => t.withDb(async (db) => (await db.query<{ role: string }>('SELECT role FROM users WHERE id = $1', [id]))[0]!.role);
      const granted = cli('grant', 'Boss@Example.org');
      expect(granted.status, granted.stderr).toBe(0);
      expect(granted.stdout).toMatch(/ist jetzt Admin/);
      expect(await role()).toBe('admin');
      expect(cli('revoke', 'boss@example.org').status).toBe(0);
      expect(await role()).toBe('member');
      const missing = cli('grant', 'niemand@example.org');
      expect(missing.status).toBe(1);
      expect(missing.stderr).toMatch(/Kein Konto/);
      expect(cli('befoerdern', 'boss@example.org').status).toBe(2);
    } finally {
      await t.cleanup();
    }
  }, 60_000);
});
