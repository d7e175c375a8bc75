import type { Queryable } from '../../db/client.js';

export async function readStoredSettings(q: Queryable): Promise<Map<string, string>> {
  const rows = await q.query<{ key: string; value: string }>('SELECT key, value FROM settings');
  return new Map(rows.map((r) => [r.key, r.value]));
}

export async function upsertSettings(q: Queryable, entries: [string, string][]): Promise<void> {
  for (const [key, value] of entries) {
    await q.query(
      `INSERT INTO settings (key, value) VALUES ($1, $2)
       ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value, updated_at = now()`,
      [key, value],
    );
  }
}
