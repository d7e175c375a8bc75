import { resolve } from 'node:path';
import { buildApp } from './app.js';
import { ConfigError, loadConfig, type Config } from './config.js';
import { createContainer } from './container.js';
import { createPgliteDb, createPostgresDb, type Db } from './db/client.js';
import { DataDirInUseError, lockDataDir } from './db/data-dir-lock.js';
import { migrate } from './db/migrate.js';
import { DemoDataRefusedError, seedDemo } from './modules/demo/demo.seeder.js';

/** start: config -> db -> migrations -> app -> listen; SIGTERM/SIGINT close everything cleanly. */
async function main(): Promise<void> {
  const config = loadConfig();
  let unlock: (() => void) | undefined;
  let db: Db;
  if (config.databaseUrl) {
    db = createPostgresDb(config.databaseUrl);
  } else {
    const dir = resolve(config.dataDir);
    unlock = lockDataDir(dir);
    db = createPgliteDb(resolve(dir, 'pglite'));
  }
  try {
    await serve(config, db, unlock);
  } catch (err) {
    // A start that fails half-way (port taken, migration error) must not leave DATA_DIR locked.
    await db.close().catch(() => undefined);
    unlock?.();
    throw err;
  }
}

async function serve(config: Config, db: Db, unlock: (() => void) | undefined): Promise<void> {
  const applied = await migrate(db);
  const container = createContainer(config, db, console);
  await container.places.ensureLoaded(); // the gazetteer goes into the database once
  const demo = config.demoData ? await seedDemo(db, container.storage, { nodeEnv: config.nodeEnv }) : undefined;
  const app = await buildApp(container);
  if (applied.length > 0) app.log.info({ applied }, 'migrations applied');
  if (demo && !demo.skipped) app.log.info({ created: demo.created }, 'Demo-Mitglieder angelegt');

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    const force = setTimeout(() => process.exit(1), 15_000);
    force.unref();
    try {
      await app.close();
      await container.close();
      await db.close();
    } finally {
      unlock?.();
      process.exit(0);
    }
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  try {
    await app.listen({ port: config.port, host: config.host });
  } catch (err) {
    await app.close();
    await container.close();
    throw err;
  }
  container.startJobs();
  app.log.info(`Funkeln läuft auf ${config.publicUrl} (${db.kind}${config.devMailbox ? ', Dev-Postfach unter /dev/mailbox' : ''})`);
}

main().catch((err: unknown) => {
  if (err instanceof ConfigError || err instanceof DataDirInUseError || err instanceof DemoDataRefusedError) {
    console.error(`\n${err.message}\n`);
  } else {
    console.error(err);
  }
  process.exit(1);
});
