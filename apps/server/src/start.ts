import type { FastifyInstance } from 'fastify';
import { buildApp } from './app.js';
import type { Config } from './config.js';
import { createContainer, type Container } from './container.js';
import type { Db } from './db/client.js';
import { migrate } from './db/migrate.js';
import { openConfiguredDb } from './db/open.js';
import { seedDemo } from './demo/index.js';
import { createLogger } from './platform/logging/logger.js';

export interface RunningServer {
  app: FastifyInstance;
  container: Container;
  /** Drains and stops: readiness off, sockets told to reconnect elsewhere, open requests finished, jobs stopped. */
  shutdown(signal: string): Promise<void>;
}

export interface StartOptions {
  /** WebSocket only (cluster workers: long-polling needs every request of a client in one process). */
  websocketOnly?: boolean;
}

/** config -> db -> migrations -> app -> listen -> jobs. A start that fails half-way releases everything. */
export async function startServer(config: Config, options: StartOptions = {}): Promise<RunningServer> {
  const { db, unlock } = openConfiguredDb(config);
  try {
    return await serve(config, db, unlock, options);
  } catch (err) {
    // A start that fails half-way (port taken, migration error) must not leave DATA_DIR locked.
    await db.close().catch(() => undefined);
    unlock?.();
    throw err;
  }
}

async function serve(config: Config, db: Db, unlock: (() => void) | undefined, options: StartOptions): Promise<RunningServer> {
  const applied = await migrate(db);
  const log = createLogger(config); // one JSON logger for Fastify and every service
  const container = createContainer(config, db, log);
  await container.places.ensureLoaded(); // the gazetteer goes into the database once
  const seeding = performance.now();
  const demo = config.demoData ? await seedDemo(db, container.storage, { nodeEnv: config.nodeEnv }) : undefined;
  const seedMs = Math.round(performance.now() - seeding);
  const app = await buildApp(container, { websocketOnly: options.websocketOnly, logger: log });
  if (applied.length > 0) app.log.info({ applied }, 'migrations applied');
  if (demo && (!demo.skipped || demo.activity.votes > 0)) app.log.info({ created: demo.created, ...demo.activity, ms: seedMs }, 'Demo-Daten angelegt');

  try {
    await app.listen({ port: config.port, host: config.host });
  } catch (err) {
    await app.close();
    await container.close();
    throw err;
  }
  container.startJobs();
  app.log.info(`Funkeln läuft auf ${config.publicUrl} (${db.kind}${config.devMailbox ? ', Dev-Postfach unter /dev/mailbox' : ''})`);

  let stopping: Promise<void> | undefined;
  const shutdown = (signal: string) => {
    stopping ??= (async () => {
      app.log.info({ signal }, 'shutting down: draining requests and sockets');
      container.lifecycle.draining = true;
      // Requests still running after the grace period lose their connection; the process must end.
      const force = setTimeout(() => app.server.closeAllConnections(), config.shutdownGraceMs);
      force.unref();
      try {
        await app.close(); // stops listening, tells sockets to reconnect elsewhere, waits for open requests
        await container.close(); // jobs finish their current run, Redis closes
        await db.close();
      } finally {
        clearTimeout(force);
        unlock?.();
      }
    })();
    return stopping;
  };
  return { app, container, shutdown };
}

/** SIGTERM/SIGINT drain the server and end the process (0 when the drain finished cleanly). */
export function stopOnSignals(server: RunningServer, config: Config): void {
  const stop = (signal: string) => {
    // A drain that hangs past the grace period ends the process anyway.
    const hard = setTimeout(() => process.exit(1), config.shutdownGraceMs + 5_000);
    hard.unref();
    server.shutdown(signal).then(
      () => process.exit(0),
      (err: unknown) => {
        console.error(err);
        process.exit(1);
      },
    );
  };
  process.once('SIGTERM', () => stop('SIGTERM'));
  process.once('SIGINT', () => stop('SIGINT'));
}
