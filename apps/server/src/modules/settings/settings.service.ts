import { isSettingKey, settingDefinitions, settingKeys, type SettingKey, type SettingValue, type SettingsRecord } from '@funkeln/contracts/settings';
import type { Db, Queryable } from '../../db/client.js';
import { AppError } from '../../platform/errors.js';
import { readStoredSetting, readStoredSettings, upsertSettings } from './settings.repo.js';

/**
 * Typed key/value settings kept in the database. Read through on every call (one small
 * indexed table), so a change by any process applies at once everywhere.
 */
export class SettingsService {
  constructor(private readonly db: Db) {}

  /** `q`: a transaction to read in (PGlite's one connection cannot answer outside it meanwhile). */
  async get<K extends SettingKey>(key: K, q: Queryable = this.db): Promise<SettingValue<K>> {
    return parseSetting(key, await readStoredSetting(q, key));
  }

  /** All settings as strings, defaults filled in. */
  async getAll(): Promise<SettingsRecord> {
    const stored = await readStoredSettings(this.db);
    return Object.fromEntries(settingKeys.map((k) => [k, stored.get(k) ?? settingDefinitions[k].default]));
  }

  /** Validates every value first; a bad one names its key and nothing is saved. */
  async update(values: SettingsRecord): Promise<SettingsRecord> {
    const entries = Object.entries(values);
    for (const [key, value] of entries) {
      if (!isSettingKey(key)) throw new AppError('unknown_setting', { params: { key } });
      const parsed = settingDefinitions[key].schema.safeParse(value);
      if (!parsed.success) throw new AppError('invalid_setting', { params: { key, issue: parsed.error.issues[0]?.message ?? '' } });
    }
    await this.db.transaction((tx) => upsertSettings(tx, entries));
    return this.getAll();
  }
}

function parseSetting<K extends SettingKey>(key: K, stored: string | undefined): SettingValue<K> {
  const def = settingDefinitions[key];
  const parsed = def.schema.safeParse(stored ?? def.default);
  // A stored value can only be invalid if it was written around update(); fall back to the default.
  return (parsed.success ? parsed.data : def.schema.parse(def.default)) as SettingValue<K>;
}
