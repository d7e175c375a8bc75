import type { Db } from '../../db/client.js';
import { randomToken } from './crypto.js';
import { ensureSecret } from './secrets.repo.js';

/**
 * A server secret shared by every process: created once at random and kept in the database,
 * so signed links stay valid across restarts and processes without extra configuration.
 * `create` makes a new value (base64url) where random bytes are not enough (e.g. an EC key).
 */
export async function loadSecret(db: Db, name: string, create: () => string = () => randomToken(32)): Promise<Buffer> {
  const value = await ensureSecret(db, name, create());
  if (!value) throw new Error(`secret ${name} missing`);
  return Buffer.from(value, 'base64url');
}
