import type { Db } from '../../db/client.js';
import type { AppModule } from '../../platform/module.js';
import { SettingsService } from './settings.service.js';

/** Admin-tunable settings (prices, caps); no routes of its own (admin edits them). */
export function createSettingsModule({ db }: { db: Db }): AppModule<{ settings: SettingsService }> {
  return { services: { settings: new SettingsService(db) }, jobs: [] };
}
