// One real server process per Playwright worker (start-server.mjs: a throw-away embedded database,
// DEMO_DATA=1, the dev mailbox), so journeys on different workers share no settings, members,
// presence counts or mails.
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';

export interface E2eServer {
  /** http://localhost:<port>: the base URL of the pages and the API, and the server's PUBLIC_URL (mail links). */
  url: string;
  stop: () => Promise<void>;
}

const START_SCRIPT = fileURLToPath(new URL('../start-server.mjs', import.meta.url));
const READY_WITHIN_MS = 120_000;

/** Resolves with `port` if nothing listens there, else with a free port the system picks. */
async function freePort(port: number): Promise<number> {
  const tryListen = (p: number) =>
    new Promise<number | null>((resolve) => {
      const probe = createServer();
      probe.once('error', () => resolve(null));
      probe.listen(p, '0.0.0.0', () => {
        const address = probe.address();
        probe.close(() => resolve(typeof address === 'object' && address ? address.port : null));
      });
    });
  const chosen = (await tryListen(port)) ?? (await tryListen(0));
  if (chosen === null) throw new Error('no free port for the e2e server');
  return chosen;
}

/** Waits until GET /readyz answers 200; fails at once if the process ends first. */
async function ready(child: ChildProcess, url: string, output: () => string): Promise<void> {
  const exited = once(child, 'exit').then(([code]) => {
    throw new Error(`the e2e server at ${url} ended (exit ${String(code)}) before it was ready\n${output()}`);
  });
  exited.catch(() => undefined);
  const until = Date.now() + READY_WITHIN_MS;
  for (;;) {
    const answer = await Promise.race([fetch(`${url}/readyz`).then((r) => r.ok, () => false), exited]);
    if (answer) return;
    if (Date.now() > until) throw new Error(`the e2e server at ${url} was not ready within ${READY_WITHIN_MS / 1000} s\n${output()}`);
    await Promise.race([new Promise((r) => setTimeout(r, 250)), exited]);
  }
}

/** Starts start-server.mjs on `preferredPort` (or a free one if that is taken) and waits until it is ready. */
export async function startServer(preferredPort: number): Promise<E2eServer> {
  const port = await freePort(preferredPort);
  const url = `http://localhost:${port}`;
  const child = spawn(process.execPath, [START_SCRIPT], { env: { ...process.env, E2E_PORT: String(port) }, stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr = (stderr + chunk.toString()).slice(-8_000);
    process.stderr.write(chunk);
  });
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exit = once(child, 'exit');
    child.kill('SIGTERM');
    await exit;
  };
  try {
    await ready(child, url, () => stderr);
  } catch (error) {
    await stop();
    throw error;
  }
  return { url, stop };
}
