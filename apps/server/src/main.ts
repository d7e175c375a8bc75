import { ConfigError, loadConfig } from './config.js';
import { DataDirInUseError } from './db/data-dir-lock.js';
import { DemoDataRefusedError } from './demo/demo.seeder.js';
import { startServer, stopOnSignals } from './start.js';

/** One server process: start, then drain and exit cleanly on SIGTERM/SIGINT. */
async function main(): Promise<void> {
  const config = loadConfig();
  stopOnSignals(await startServer(config), config);
}

main().catch((err: unknown) => {
  if (err instanceof ConfigError || err instanceof DataDirInUseError || err instanceof DemoDataRefusedError) {
    console.error(`\n${err.message}\n`);
  } else {
    console.error(err);
  }
  process.exit(1);
});
