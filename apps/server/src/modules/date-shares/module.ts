import type { AppModule, Platform } from '../../platform/module.js';
import type { BlocksService } from '../blocks/index.js';
import type { PhotosService } from '../photos/index.js';
import { dateSharesRoutes } from './date-shares.routes.js';
import { DateSharesService } from './date-shares.service.js';

export interface DateSharesModuleDeps extends Pick<Platform, 'config' | 'db' | 'schedule'> {
  blocks: BlocksService;
  photos: PhotosService;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** "Date teilen": plans shared with a friend through a link, the friend's page; expired plans are deleted daily. */
export function createDateSharesModule({ config, db, schedule, blocks, photos }: DateSharesModuleDeps): AppModule<{ dateShares: DateSharesService }> {
  const dateShares = new DateSharesService(db, blocks, photos, config.publicUrl);
  const cleanup = schedule('date-shares-cleanup', DAY_MS, async () => {
    await dateShares.deleteExpired();
  });
  return { routes: dateSharesRoutes(dateShares), services: { dateShares }, jobs: [cleanup] };
}
