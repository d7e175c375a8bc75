/**
 * npm run admin -- grant <email> | revoke <email>
 *
 * Makes an account an admin (or a member again) in the configured database (DATABASE_URL, or
 * PGlite in DATA_DIR; with the embedded database the server must be stopped). Running servers see
 * the change within a minute (their session cache). ADMIN_EMAILS does the same from the
 * configuration for verified addresses; there is no default admin account.
 */
import { loadConfig } from '../src/config.js';
import { migrate } from '../src/db/migrate.js';
import { openConfiguredDb } from '../src/db/open.js';
import { setRoleByEmail } from '../src/modules/admin/roles.repo.js';
import { exitWith } from './cli-errors.js';

async function main(): Promise<number> {
  const [command, email] = process.argv.slice(2);
  if ((command !== 'grant' && command !== 'revoke') || !email) {
    console.error('Aufruf / usage: npm run admin -- grant <email> | revoke <email>');
    return 2;
  }
  const config = loadConfig();
  const { db, unlock } = openConfiguredDb(config, 2);
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

exitWith(main);
