import type { Queryable } from '../../db/client.js';
import { now, typed } from '../../db/kysely.js';

/** One stored value (undefined when the key was never set). */
export async function readStoredSetting(q: Queryable, key: string): Promise<string | undefined> {
  const row = await typed(q).selectFrom('settings').select('value').where('key', '=', key).executeTakeFirst();
  return row?.value;
}

export async function readStoredSettings(q: Queryable): Promise<Map<string, string>> {
  const rows = await typed(q).selectFrom('settings').select(['key', 'value']).execute();
  return new Map(rows.map((r) => [r.key, r.value]));
}

export async function upsertSettings(q: Queryable, entries: [string, string][]): Promise<void> {
  for (const [key, value] of entries) {
    await typed(q)
      .insertInto('settings')
      .values({ key, value })
      .onConflict((oc) => oc.column('key').doUpdateSet((eb) => ({ value: eb.ref('excluded.value'), updated_at: now() })))
      .execute();
  }
}
