import type { AppModule, Platform } from '../../platform/module.js';
import { SettingsService } from './settings.service.js';

/** Admin-tunable settings (prices, caps); no routes of its own (admin edits them). */
export function createSettingsModule({ db, events, cacheable }: Pick<Platform, 'db' | 'events' | 'cacheable'>): AppModule<{ settings: SettingsService }> {
  return { services: { settings: new SettingsService({ db, events, cacheable }) }, jobs: [] };
}
