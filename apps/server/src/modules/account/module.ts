import type { AppModule, Platform } from '../../platform/module.js';
import type { SessionService } from '../auth/index.js';
import { accountRoutes } from './account.routes.js';
import { AccountService } from './account.service.js';

export interface AccountModuleDeps extends Pick<Platform, 'db' | 'events'> {
  sessions: SessionService;
}

/** The member's own account: settings, password change (its hourly limit declared on the endpoint), signing out everywhere. */
export function createAccountModule({ db, events, sessions }: AccountModuleDeps): AppModule<{ account: AccountService }> {
  const account = new AccountService({ db, sessions, events });
  return { routes: accountRoutes(account), services: { account }, jobs: [] };
}
