import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { copyFileSync, createReadStream, createWriteStream, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { fileURLToPath } from 'node:url';
import { createGunzip, createGzip } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { programArgs, seedDataDir, startServerProcess } from '../../test/server-process.js';
import { createPgliteDb, type Db } from '../db/client.js';
import { makeJpeg, multipart } from '../../test/images.js';
import { scanArchive } from './read-archive.js';
import { readTar, tarBytes, type TarEntry } from './tar.js';

const SERVER_DIR = fileURLToPath(new URL('../../', import.meta.url));

/** `npm run backup|restore -- ...args` as a real process. */
function cli(script: 'backup' | 'restore', args: string[], env: Record<string, string>) {
  return spawnSync(process.execPath, [...programArgs(`scripts/${script}.ts`), ...args], {
    cwd: SERVER_DIR,
    env: { PATH: process.env.PATH ?? '', NODE_ENV: 'test', ...env },
    encoding: 'utf8',
  });
}

async function withDb<T>(dataDir: string, fn: (db: Db) => Promise<T>): Promise<T> {
  const db = createPgliteDb(join(dataDir, 'pglite'));
  try {
    return await fn(db);
  } finally {
    await db.close();
  }
}

/** Every row of every table, as text: two equal snapshots mean equal databases. */
function snapshot(dataDir: string): Promise<Record<string, string>> {
  return withDb(dataDir, async (db) => {
    const tables = await db.query<{ name: string }>("SELECT table_name AS name FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE' ORDER BY 1");
    const out: Record<string, string> = {};
    for (const { name } of tables) {
      out[name] = (await db.query<{ rows: string }>(`SELECT coalesce(json_agg(t ORDER BY t::text), '[]')::text AS rows FROM "${name}" t`))[0]!.rows;
    }
    return out;
  });
}

/** SHA-256 of every file under dir, by relative path. */
function fileHashes(dir: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const name of readdirSync(dir, { recursive: true, encoding: 'utf8' })) {
    const path = join(dir, name);
    if (statSync(path).isFile()) out[relative(dir, path)] = createHash('sha256').update(readFileSync(path)).digest('hex');
  }
  return out;
}

/** A well-formed .tar.gz with the archive's entries changed by edit: only the manifest can catch it. */
async function repack(from: string, to: string, edit: (entries: TarEntry[]) => TarEntry[]): Promise<void> {
  const entries: TarEntry[] = [];
  for await (const entry of readTar(createReadStream(from).pipe(createGunzip()))) entries.push(entry);
  await pipeline(Readable.from(tarBytes(edit(entries))), createGzip(), createWriteStream(to));
}

async function seedThroughServer(dataDir: string, archive: string) {
  const server = await startServerProcess({ DATA_DIR: dataDir });
  try {
    const post = (path: string, body: object) =>
      fetch(`${server.base}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
    const reg = await post('/api/auth/register', { email: 'sicher@example.org', password: 'Kiwi-Wolke-Geheim-42', displayName: 'Sicher' });
    expect(reg.status).toBe(200);
    const { token } = (await reg.json()) as { token: string };
    const body = multipart(await makeJpeg(800, 600));
    const upload = await fetch(`${server.base}/api/photos/upload`, { method: 'POST', headers: { ...body.headers, authorization: `Bearer ${token}` }, body: body.payload });
    expect(upload.status, await upload.text()).toBe(200);
    // The running server holds the DATA_DIR lock: a backup now must be refused, with nothing written.
    const busy = cli('backup', ['--out', archive], { DATA_DIR: dataDir });
    expect(busy.status).toBe(1);
    expect(busy.stderr).toMatch(/in use by another Funkeln process \(pid \d+\)\. Stop it first/);
    expect(existsSync(dirname(archive))).toBe(false);
  } finally {
    await server.stop();
  }
}

describe('npm run backup / npm run restore (embedded database)', () => {
  it('backs up rows and photos, refuses damage and overwrites, and restores them byte for byte', async () => {
    const root = mkdtempSync(join(tmpdir(), 'funkeln-backup-'));
    const dataDir = seedDataDir(join(root, 'data'));
    const env = { DATA_DIR: dataDir };
    const archive = join(root, 'out', 'funkeln.tar.gz');
    try {
      await seedThroughServer(dataDir, archive);
      const before = { rows: await snapshot(dataDir), photos: fileHashes(join(dataDir, 'photos')) };
      expect(Object.keys(before.photos).length).toBeGreaterThanOrEqual(2);

      const made = cli('backup', ['--out', archive], env);
      expect(made.status, made.stderr).toBe(0);
      expect(made.stdout).toMatch(/Backup written: .*funkeln\.tar\.gz/);
      const manifest = await scanArchive(archive);
      expect(manifest.counts).toEqual({ users: 1, photos: 1, photo_files: Object.keys(before.photos).length });
      expect(manifest.migrations.map((m) => m.version)).toEqual(JSON.parse(before.rows.kysely_migration!).map((m: { name: string }) => m.name).sort());
      expect(readdirSync(dirname(archive))).toEqual(['funkeln.tar.gz']); // no temporary file left
      expect(cli('backup', ['--out', archive], env).stderr).toMatch(/already exists/);

      await withDb(dataDir, (db) => db.query("UPDATE users SET display_name = 'Verändert'"));
      const [firstPhoto] = Object.keys(before.photos);
      writeFileSync(join(dataDir, 'photos', firstPhoto!), 'kaputt');
      const changed = { rows: await snapshot(dataDir), all: fileHashes(dataDir) };
      expect(changed.rows).not.toEqual(before.rows);

      const refused = cli('restore', [archive], env);
      expect(refused.status).toBe(1);
      expect(refused.stderr).toMatch(/already hold data\. Run again with --force/);
      expect(fileHashes(dataDir)).toEqual(changed.all);

      const damaged = join(root, 'damaged.tar.gz');
      copyFileSync(archive, damaged);
      const bytes = readFileSync(damaged);
      const middle = Math.floor(bytes.length / 2);
      bytes[middle] = bytes[middle]! ^ 0x40;
      writeFileSync(damaged, bytes);
      const bad = cli('restore', [damaged, '--force'], env);
      expect(bad.status).toBe(1);
      expect(bad.stderr).toMatch(/damaged\.tar\.gz is (damaged|not a usable backup)/);
      expect(fileHashes(dataDir)).toEqual(changed.all);

      const tampered = join(root, 'tampered.tar.gz');
      await repack(archive, tampered, (entries) => entries.map((e) => (e.name.startsWith('photos/') ? { ...e, data: Buffer.concat([e.data, Buffer.from('x')]) } : e)));
      expect(cli('restore', [tampered, '--force'], env).stderr).toMatch(/photos\/.* does not match its checksum in the manifest/);
      const escaping = join(root, 'escaping.tar.gz');
      await repack(archive, escaping, (entries) => [{ name: 'photos/../../escaped.webp', data: Buffer.from('x') }, ...entries]);
      expect(cli('restore', [escaping, '--force'], env).stderr).toMatch(/unexpected entry photos\/\.\.\/\.\.\/escaped\.webp/);
      expect(fileHashes(dataDir)).toEqual(changed.all);
      expect(existsSync(join(root, 'escaped.webp'))).toBe(false);

      const restored = cli('restore', [archive, '--force'], env);
      expect(restored.status, restored.stderr).toBe(0);
      expect(restored.stdout).toMatch(/1 users, 1 photos/);
      expect(await snapshot(dataDir)).toEqual(before.rows);
      expect(fileHashes(join(dataDir, 'photos'))).toEqual(before.photos);
      const aside = readdirSync(dataDir).filter((n) => n.includes('.before-restore-')).sort();
      expect(aside.map((n) => n.split('.')[0])).toEqual(['pglite', 'photos']);
      expect(readFileSync(join(dataDir, aside[1]!, firstPhoto!), 'utf8')).toBe('kaputt'); // moved aside, not deleted
      expect(readdirSync(dataDir).filter((n) => n.includes('.restoring-'))).toEqual([]);

      // The app runs on the restored data: the member signs in with the password from before.
      const server = await startServerProcess(env);
      try {
        const login = await fetch(`${server.base}/api/auth/login`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ email: 'sicher@example.org', password: 'Kiwi-Wolke-Geheim-42' }),
        });
        expect(login.status).toBe(200);
      } finally {
        await server.stop();
      }
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
    // ~12 processes each compile TypeScript at start: ~40 s alone, ~110 s beside the other files on a busy 2-core box.
  }, 300_000);

  it('refuses PostgreSQL and shared storage with a pointer to their tools, an empty DATA_DIR and bad usage', () => {
    const root = mkdtempSync(join(tmpdir(), 'funkeln-backup-refuse-'));
    try {
      const dataDir = join(root, 'data');
      const postgres = cli('backup', [], { DATA_DIR: dataDir, DATABASE_URL: 'postgres://funkeln:geheim@127.0.0.1:1/funkeln' });
      expect(postgres.status).toBe(1);
      expect(postgres.stderr).toMatch(/pg_dump -Fc .*pg_restore/);
      const s3 = cli('restore', [join(root, 'x.tar.gz')], { DATA_DIR: dataDir, STORAGE_URL: 's3://KEY:s3cr3t@127.0.0.1:1/funkeln-photos' });
      expect(s3.status).toBe(1);
      expect(s3.stderr).toMatch(/bucket versioning/);
      expect(postgres.stderr + s3.stderr).not.toMatch(/geheim|s3cr3t/);
      expect(existsSync(dataDir)).toBe(false);
      expect(cli('backup', ['--out', join(root, 'b.tar.gz')], { DATA_DIR: dataDir }).stderr).toMatch(/no embedded database/);
      expect(cli('restore', [], { DATA_DIR: dataDir }).status).toBe(2);
      expect(cli('backup', ['--bogus'], { DATA_DIR: dataDir }).status).toBe(2);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  }, 60_000);
});
