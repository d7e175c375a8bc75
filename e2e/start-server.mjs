// Starts one real server for e2e on a throw-away embedded database (its own DATA_DIR) at E2E_PORT;
// each Playwright worker starts one (support/server.ts). Mail links point at this server (PUBLIC_URL).
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const dataDir = mkdtempSync(join(tmpdir(), 'funkeln-e2e-'));
const port = process.env.E2E_PORT ?? '3199';
const serverDir = fileURLToPath(new URL('../apps/server/', import.meta.url));
const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
  cwd: serverDir,
  stdio: 'inherit',
  env: {
    PATH: process.env.PATH,
    NODE_ENV: 'test',
    LOG_LEVEL: 'warn',
    PORT: port,
    DATA_DIR: dataDir,
    PUBLIC_URL: `http://localhost:${port}`,
    DEMO_DATA: '1',
    ADMIN_EMAILS: 'admin.e2e@example.org',
    // Every journey signs up from the same loopback address.
    REGISTRATIONS_PER_IP_HOUR: '100',
  },
});
const stop = () => {
  child.kill('SIGTERM');
  // A server that does not finish its shutdown in time is ended, so its data dir is still removed.
  setTimeout(() => child.kill('SIGKILL'), 15_000).unref();
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
// A worker that died without its teardown leaves no server behind: the parent's end is noticed here.
const parent = process.ppid;
const orphaned = setInterval(() => {
  if (process.ppid !== parent) {
    clearInterval(orphaned);
    stop();
  }
}, 1000);
child.on('exit', (code) => {
  rmSync(dataDir, { recursive: true, force: true });
  process.exit(code ?? 0);
});
