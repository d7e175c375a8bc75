import cluster, { type Worker } from 'node:cluster';
import { availableParallelism } from 'node:os';
import { ConfigError, loadConfig, type Config } from './config.js';
import { serveClusterMetrics } from './platform/metrics/cluster.js';
import { startServer, stopOnSignals } from './start.js';

/**
 * `npm run start:cluster`: N server processes on one port (Node's cluster, connections handed out
 * round-robin by the primary). They share PostgreSQL and Redis, so presence, socket events, rate
 * limits, caches and jobs behave as one server (docs/decisions/0035-cluster-without-sticky-sessions.md).
 */
const RESTARTS_PER_MINUTE = 10;

function log(level: 'info' | 'warn' | 'error', msg: string, extra: Record<string, unknown> = {}): void {
  const levels = { info: 30, warn: 40, error: 50 };
  process.stdout.write(`${JSON.stringify({ level: levels[level], time: Date.now(), pid: process.pid, role: 'primary', msg, ...extra })}\n`);
}

function refuseWithoutSharedState(config: Config): void {
  const missing = [!config.databaseUrl && 'DATABASE_URL', !config.redisUrl && 'REDIS_URL'].filter(Boolean);
  if (missing.length === 0) return;
  throw new ConfigError(
    `npm run start:cluster needs ${missing.join(' and ')}: several processes share PostgreSQL and Redis ` +
      '(the embedded database serves one process; use npm start for that).',
  );
}

function runPrimary(config: Config): void {
  refuseWithoutSharedState(config);
  const count = config.workers ?? availableParallelism();
  let stopping = false;
  const restarts: number[] = [];
  const fork = () => cluster.fork();

  cluster.on('exit', (worker: Worker, code, signal) => {
    if (stopping) return;
    const now = Date.now();
    restarts.push(now);
    while (restarts[0]! < now - 60_000) restarts.shift();
    if (restarts.length > RESTARTS_PER_MINUTE) {
      log('error', 'workers keep dying; giving up', { restarts: restarts.length });
      process.exit(1);
    }
    log('warn', 'worker died; starting another', { worker: worker.process.pid, code, signal });
    setTimeout(fork, 1000).unref();
  });

  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    log('info', 'stopping workers', { signal });
    const workers = Object.values(cluster.workers ?? {}).filter((w): w is Worker => w !== undefined);
    const hard = setTimeout(() => {
      for (const w of workers) w.process.kill('SIGKILL');
      process.exit(1);
    }, config.shutdownGraceMs + 10_000);
    hard.unref();
    let left = workers.length;
    if (left === 0) process.exit(0);
    for (const w of workers) {
      w.once('exit', () => {
        if (--left === 0) process.exit(0);
      });
      w.process.kill('SIGTERM');
    }
  };
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));

  // Any worker's /metrics asks the primary, which gathers every worker's figures.
  serveClusterMetrics();
  log('info', `starting ${count} worker processes`, { workers: count, port: config.port });
  for (let i = 0; i < count; i++) fork();
}

async function runWorker(config: Config): Promise<void> {
  stopOnSignals(await startServer(config, { websocketOnly: true }), config);
}

async function main(): Promise<void> {
  const config = loadConfig();
  if (cluster.isPrimary) runPrimary(config);
  else await runWorker(config);
}

main().catch((err: unknown) => {
  console.error(err instanceof ConfigError ? `\n${err.message}\n` : err);
  process.exit(1);
});
