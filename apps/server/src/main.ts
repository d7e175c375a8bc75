import { ConfigError, loadConfig } from './config.js';
import { DataDirInUseError } from './db/data-dir-lock.js';
import { DemoDataRefusedError } from './modules/demo/demo.seeder.js';
import { startServer } from './start.js';

/** One server process: start, then drain and exit cleanly on SIGTERM/SIGINT. */
async function main(): Promise<void> {
  const config = loadConfig();
  const server = await startServer(config);
  const stop = (signal: string) => {
    // A second signal, or a drain that hangs past the grace period, ends the process at once.
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

main().catch((err: unknown) => {
  if (err instanceof ConfigError || err instanceof DataDirInUseError || err instanceof DemoDataRefusedError) {
    console.error(`\n${err.message}\n`);
  } else {
    console.error(err);
  }
  process.exit(1);
});
