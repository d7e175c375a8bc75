import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { migratedDataDir, startServerProcess } from '../test/server-process.js';

// The embedded database's single-process guard; on the PostgreSQL pass this adds nothing new.
describe.runIf(process.env.TEST_DB !== 'postgres')('server process on the embedded database', () => {
  it('refuses a second process on the same DATA_DIR, shuts down cleanly and keeps data', async () => {
    const dataDir = migratedDataDir();
    // Through tsx, as `npm start` runs it; the other starts use the run's compiled program.
    const first = await startServerProcess({ DATA_DIR: dataDir }, undefined, 'src/main.ts', [], 'tsx');
    const res = await fetch(`${first.base}/api/auth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'bleibt@example.org', password: 'Kiwi-Wolke-Geheim-42', displayName: 'Bleibt' }),
    });
    expect(res.status).toBe(200);

    const second = await startServerProcess({ DATA_DIR: dataDir }).catch((err: Error) => err);
    expect(second).toBeInstanceOf(Error);
    expect(String(second)).toMatch(/is in use by another Funkeln process/);

    expect(await first.stop()).toBe(0);
    expect(existsSync(join(dataDir, 'funkeln.lock'))).toBe(false);

    // Restart on the same files: migrations are idempotent and the account is still there.
    const again = await startServerProcess({ DATA_DIR: dataDir });
    const login = await fetch(`${again.base}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'bleibt@example.org', password: 'Kiwi-Wolke-Geheim-42' }),
    });
    expect(login.status).toBe(200);
    expect(await again.stop()).toBe(0);
  }, 90_000);

  it('releases DATA_DIR when the start fails half-way (port already taken)', async () => {
    const first = await startServerProcess({ DATA_DIR: migratedDataDir() });
    const dataDir = migratedDataDir();
    const port = new URL(first.base).port;
    const second = await startServerProcess({ DATA_DIR: dataDir, PORT: port }).catch((err: Error) => err);
    expect(String(second)).toMatch(/EADDRINUSE/);
    expect(existsSync(join(dataDir, 'funkeln.lock'))).toBe(false);
    expect(await first.stop()).toBe(0);
  }, 60_000);

  it('exits with a clear message on a bad configuration value', async () => {
    const err = await startServerProcess({ PORT: 'zehn', DATA_DIR: mkdtempSync(join(tmpdir(), 'funkeln-data-')) }).catch((e: Error) => e);
    expect(String(err)).toMatch(/Invalid configuration:[\s\S]*PORT/);
  });
});
