/**
 * npm run seed:demo [-- --count 300]
 *
 * Fills the configured database (DATABASE_URL, or PGlite in DATA_DIR) with demo members so a new
 * user sees a living app at once. Does nothing when demo members exist already; refuses with
 * NODE_ENV=production and on a database with more than 1000 real members.
 */
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { ConfigError, loadConfig } from '../src/config.js';
import { createContainer } from '../src/container.js';
import { createPgliteDb, createPostgresDb, type Db } from '../src/db/client.js';
import { DataDirInUseError, lockDataDir } from '../src/db/data-dir-lock.js';
import { migrate } from '../src/db/migrate.js';
import { DEFAULT_DEMO_COUNT, DemoDataRefusedError, MAX_DEMO_COUNT, refuseProduction, seedDemo } from '../src/demo/demo.seeder.js';

async function main(): Promise<void> {
  const { values } = parseArgs({ options: { count: { type: 'string', default: String(DEFAULT_DEMO_COUNT) } } });
  const count = Number(values.count);
  if (!Number.isInteger(count) || count < 1 || count > MAX_DEMO_COUNT) {
    throw new RangeError(`--count muss eine ganze Zahl von 1 bis ${MAX_DEMO_COUNT} sein. / --count must be an integer from 1 to ${MAX_DEMO_COUNT}.`);
  }
  const config = loadConfig();
  refuseProduction(config.nodeEnv); // before the database is even opened

  let unlock: (() => void) | undefined;
  let db: Db;
  if (config.databaseUrl) {
    db = createPostgresDb(config.databaseUrl, 4);
  } else {
    const dir = resolve(config.dataDir);
    unlock = lockDataDir(dir);
    db = createPgliteDb(resolve(dir, 'pglite'));
  }
  const where = config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `PGlite in ${resolve(config.dataDir)}`;
  const container = createContainer(config, db, console);
  try {
    const started = Date.now();
    const applied = await migrate(db);
    if (applied.length > 0) console.log(`Migrationen angewendet / migrations applied: ${applied.join(', ')}`);
    await container.places.ensureLoaded();

    let lastShown = 0;
    const result = await seedDemo(db, container.storage, {
      nodeEnv: config.nodeEnv,
      count,
      onProgress: (done, total) => {
        if (done === total || done - lastShown >= 50) {
          lastShown = done;
          console.log(`  Avatare / avatars: ${done}/${total}`);
        }
      },
    });
    const seconds = ((Date.now() - started) / 1000).toFixed(1);
    if (result.skipped) {
      console.log(`Demo-Mitglieder gibt es schon – nichts zu tun. / Demo members already exist – nothing to do. (${where})`);
    } else {
      console.log(`${result.created} Demo-Mitglieder angelegt in ${seconds} s. / Created ${result.created} demo members in ${seconds} s. (${where})`);
    }
    const { entries, votes } = result.activity;
    if (entries + votes > 0) console.log(`Top10: ${entries} Teilnahmen, ${votes} Stimmen diesen Monat. / Top10: ${entries} entries, ${votes} votes this month.`);
  } finally {
    await container.close();
    await db.close();
    unlock?.();
  }
}

main().catch((err: unknown) => {
  if (err instanceof ConfigError || err instanceof DataDirInUseError || err instanceof DemoDataRefusedError || err instanceof RangeError) {
    console.error(`\n${err.message}\n`);
  } else {
    console.error(err);
  }
  process.exit(1);
});
