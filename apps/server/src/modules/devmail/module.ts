import type { AppModule } from '../../platform/module.js';
import { devMailboxRoutes, type DevMailboxDeps } from './devmail.routes.js';

/** The dev mailbox (registered at the root, only when the config enables it). */
export function createDevmailModule(deps: DevMailboxDeps): AppModule<Record<string, never>> {
  return { routes: devMailboxRoutes(deps), services: {}, jobs: [] };
}
