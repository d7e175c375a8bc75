import type { AppModule, Platform } from '../../platform/module.js';
import type { SessionService } from '../accounts/index.js';
import type { LikesService } from '../discovery/index.js';
import { reportsRoutes } from './reports.routes.js';
import { ReportsService } from './reports.service.js';

export interface SafetyModuleDeps extends Pick<Platform, 'db' | 'limiter'> {
  likes: LikesService;
  sessions: SessionService;
}

/** Reports of members (a report also blocks). */
export function createSafetyModule({ db, limiter, likes, sessions }: SafetyModuleDeps): AppModule<{ reports: ReportsService }> {
  const reports = new ReportsService(db, likes, limiter);
  return { routes: reportsRoutes(reports, sessions), services: { reports }, jobs: [] };
}
