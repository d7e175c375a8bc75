/**
 * npm run admin -- grant <email> | revoke <email>
 *
 * Makes an account an admin (or a member again) in the configured database (DATABASE_URL, or
 * PGlite in DATA_DIR; with the embedded database the server must be stopped). Running servers see
 * the change within a minute (their session cache). ADMIN_EMAILS does the same from the
 * configuration for verified addresses; there is no default admin account.
 */
import { resolve } from 'node:path';
import { ConfigError, loadConfig } from '../src/config.js';
import { createPgliteDb, createPostgresDb, type Db } from '../src/db/client.js';
import { DataDirInUseError, lockDataDir } from '../src/db/data-dir-lock.js';
import { migrate } from '../src/db/migrate.js';
import { setRoleByEmail } from '../src/modules/admin/roles.repo.js';

async function main(): Promise<number> {
  const [command, email] = process.argv.slice(2);
  if ((command !== 'grant' && command !== 'revoke') || !email) {
    console.error('Aufruf / usage: npm run admin -- grant <email> | revoke <email>');
    return 2;
  }
  const config = loadConfig();
  let unlock: (() => void) | undefined;
  let db: Db;
  if (config.databaseUrl) {
    db = createPostgresDb(config.databaseUrl, 2);
  } else {
    const dir = resolve(config.dataDir);
    unlock = lockDataDir(dir);
    db = createPgliteDb(resolve(dir, 'pglite'));
  }
  try {
    await migrate(db);
    const role = command === 'grant' ? 'admin' : 'member';
    if (!(await setRoleByEmail(db, email, role))) {
      console.error(`Kein Konto mit der E-Mail-Adresse ${email}. / No account with that e-mail address.`);
      return 1;
    }
    console.log(command === 'grant' ? `${email} ist jetzt Admin. / is now an admin.` : `${email} ist kein Admin mehr. / is no longer an admin.`);
    return 0;
  } finally {
    await db.close();
    unlock?.();
  }
}

main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    if (err instanceof ConfigError || err instanceof DataDirInUseError) console.error(err.message);
    else console.error(err);
    process.exit(1);
  },
);
