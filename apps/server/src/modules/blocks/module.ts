import type { AppModule, Platform } from '../../platform/module.js';
import { blocksRoutes } from './blocks.routes.js';
import { BlocksService, type EndMatch } from './blocks.service.js';

export interface BlocksModuleDeps extends Pick<Platform, 'db' | 'events'> {
  endMatch: EndMatch;
}

/** Blocking and unblocking members. */
export function createBlocksModule({ db, events, endMatch }: BlocksModuleDeps): AppModule<{ blocks: BlocksService }> {
  const blocks = new BlocksService({ db, events, endMatch });
  return { routes: blocksRoutes(blocks), services: { blocks }, jobs: [] };
}
