import type { Db } from '../db/client.js';
import { randomToken } from './crypto.js';

/**
 * A server secret shared by every process: created once at random and kept in the database,
 * so signed links stay valid across restarts and processes without extra configuration.
 */
export async function loadSecret(db: Db, name: string): Promise<Buffer> {
  await db.query('INSERT INTO app_secrets (name, value) VALUES ($1, $2) ON CONFLICT (name) DO NOTHING', [name, randomToken(32)]);
  const rows = await db.query<{ value: string }>('SELECT value FROM app_secrets WHERE name = $1', [name]);
  const value = rows[0]?.value;
  if (!value) throw new Error(`secret ${name} missing`);
  return Buffer.from(value, 'base64url');
}
