import { isSettingKey, settingDefinitions, settingKeys, settingRules, type SettingKey, type SettingValue, type SettingsRecord } from '@funkeln/contracts/settings';
import type { Db, Queryable } from '../../db/client.js';
import { AppError } from '../../platform/http/errors.js';
import type { EventBus } from '../../platform/events/events.js';
import { readStoredSetting, readStoredSettings, upsertSettings } from './settings.repo.js';

/** What SettingsService is built from (named, so no call site depends on an argument order). */
export interface SettingsServiceDeps {
  db: Db;
  events: EventBus;
  /** Whether every process that saves settings reaches this one's events (else every read goes to the database). */
  cacheable: () => boolean;
  /** Longest a cached copy is used without news (a lost event heals within this); default a minute. */
  ttlMs?: number;
}

/**
 * Typed key/value settings kept in the database. Read on nearly every request (prices, caps, the
 * reply rules): the stored rows are cached in memory as one copy, dropped by `settings.changed`,
 * which every process hears once a save commits, and at the latest after ttlMs. Where caches are
 * not exact (PostgreSQL without the Redis event channel) every read goes to the database.
 */
export class SettingsService {
  private readonly db: Db;
  private readonly cacheable: () => boolean;
  private readonly ttlMs: number;
  private readonly events: EventBus;
  private cached: { at: number; stored: Map<string, string> } | undefined;
  /** Counts drops: a read begun before one may not keep its rows. */
  private generation = 0;

  constructor(deps: SettingsServiceDeps) {
    this.db = deps.db;
    this.events = deps.events;
    this.cacheable = deps.cacheable;
    this.ttlMs = deps.ttlMs ?? 60_000;
    deps.events.on('settings.changed', () => this.drop());
    deps.events.on('cluster.resync', () => this.drop()); // a change may have been announced while this process could not hear it
  }

  /** `q`: a transaction to read in when the copy must be read (PGlite's one connection cannot answer outside it meanwhile). */
  async get<K extends SettingKey>(key: K, q: Queryable = this.db): Promise<SettingValue<K>> {
    if (!this.cacheable()) return parseSetting(key, await readStoredSetting(q, key));
    return parseSetting(key, (await this.stored(q)).get(key));
  }

  /** All settings as strings, defaults filled in (the admin page: always from the database). */
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
    const after = { ...(await this.getAll()), ...values };
    const value = <K extends SettingKey>(key: K) => parseSetting(key, after[key]);
    for (const rule of settingRules) if (!rule.holds(value)) throw new AppError('invalid_setting', { params: { key: rule.key, issue: rule.issue } });
    await this.db.transaction(async (tx) => {
      await upsertSettings(tx, entries);
      this.events.publishOnCommit(tx, 'settings.changed', {});
    });
    this.drop(); // this process at once, whatever the event channel does
    return this.getAll();
  }

  private drop(): void {
    this.generation += 1;
    this.cached = undefined;
  }

  /**
   * The stored rows: the cached copy while it is fresh, else a read in `q`. Concurrent readers do
   * not share an unfinished read: one inside a PGlite transaction would wait for a read queued
   * behind that very transaction.
   */
  private async stored(q: Queryable): Promise<Map<string, string>> {
    if (this.cached && Date.now() - this.cached.at < this.ttlMs) return this.cached.stored;
    const generation = this.generation;
    const stored = await readStoredSettings(q);
    if (this.generation === generation) this.cached = { at: Date.now(), stored };
    return stored;
  }
}

function parseSetting<K extends SettingKey>(key: K, stored: string | undefined): SettingValue<K> {
  const def = settingDefinitions[key];
  const parsed = def.schema.safeParse(stored ?? def.default);
  // A stored value can only be invalid if it was written around update(); fall back to the default.
  return (parsed.success ? parsed.data : def.schema.parse(def.default)) as SettingValue<K>;
}
