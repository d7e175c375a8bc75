import type { Queryable } from '../../db/client.js';
import { typed } from '../../db/kysely.js';

/** Stores the secret unless one of that name exists; the value kept (the first writer's). */
export async function ensureSecret(q: Queryable, name: string, value: string): Promise<string | undefined> {
  // Two statements: under READ COMMITTED the SELECT must see a row another process just committed.
  const k = typed(q);
  await k.insertInto('app_secrets').values({ name, value }).onConflict((oc) => oc.column('name').doNothing()).execute();
  const row = await k.selectFrom('app_secrets').select('value').where('name', '=', name).executeTakeFirst();
  return row?.value;
}
