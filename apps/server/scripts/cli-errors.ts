import { ConfigError } from '../src/config.js';
import { DataDirInUseError } from '../src/db/data-dir-lock.js';
import { BackupError } from '../src/backup/manifest.js';

/** The scripts' exit: their code, or 1 with just the message for errors an operator can act on (anything else in full). */
export function exitWith(run: () => Promise<number>): void {
  run().then(
    (code) => process.exit(code),
    (err: unknown) => {
      if (err instanceof ConfigError || err instanceof DataDirInUseError || err instanceof BackupError) console.error(err.message);
      else console.error(err);
      process.exit(1);
    },
  );
}

export const megabytes = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
