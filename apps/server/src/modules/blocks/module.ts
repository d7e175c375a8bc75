import type { AppModule, Platform } from '../../platform/module.js';
import type { SessionService } from '../auth/index.js';
import { blocksRoutes } from './blocks.routes.js';
import { BlocksService, type EndMatch } from './blocks.service.js';

export interface BlocksModuleDeps extends Pick<Platform, 'db' | 'events'> {
  sessions: SessionService;
  endMatch: EndMatch;
}

/** Blocking and unblocking members. */
export function createBlocksModule({ db, events, sessions, endMatch }: BlocksModuleDeps): AppModule<{ blocks: BlocksService }> {
  const blocks = new BlocksService({ db, events, endMatch });
  return { routes: blocksRoutes(blocks, sessions), services: { blocks }, jobs: [] };
}
