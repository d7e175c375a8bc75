import type { Db } from '../db/client.js';
import { randomToken } from './crypto.js';

/**
 * A server secret shared by every process: created once at random and kept in the database,
 * so signed links stay valid across restarts and processes without extra configuration.
 * `create` makes a new value (base64url) where random bytes are not enough (e.g. an EC key).
 */
export async function loadSecret(db: Db, name: string, create: () => string = () => randomToken(32)): Promise<Buffer> {
  await db.query('INSERT INTO app_secrets (name, value) VALUES ($1, $2) ON CONFLICT (name) DO NOTHING', [name, create()]);
  const rows = await db.query<{ value: string }>('SELECT value FROM app_secrets WHERE name = $1', [name]);
  const value = rows[0]?.value;
  if (!value) throw new Error(`secret ${name} missing`);
  return Buffer.from(value, 'base64url');
}
