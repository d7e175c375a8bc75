import type { AppModule, Platform } from '../../platform/module.js';
import type { SessionService } from '../auth/index.js';
import { accountRoutes } from './account.routes.js';
import { AccountService } from './account.service.js';

export interface AccountModuleDeps extends Pick<Platform, 'db' | 'events' | 'limiter'> {
  sessions: SessionService;
}

/** The member's own account: settings, password change, signing out everywhere. */
export function createAccountModule({ db, events, limiter, sessions }: AccountModuleDeps): AppModule<{ account: AccountService }> {
  const account = new AccountService({ db, sessions, events, limiter });
  return { routes: accountRoutes(account, sessions), services: { account }, jobs: [] };
}
