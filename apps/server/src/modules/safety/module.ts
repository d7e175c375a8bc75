import type { AppModule, Platform } from '../../platform/module.js';
import type { LikesService } from '../discovery/index.js';
import { reportsRoutes } from './reports.routes.js';
import { ReportsService } from './reports.service.js';

export interface SafetyModuleDeps extends Pick<Platform, 'db'> {
  likes: LikesService;
}

/** Reports of members (a report also blocks). */
export function createSafetyModule({ db, likes }: SafetyModuleDeps): AppModule<{ reports: ReportsService }> {
  const reports = new ReportsService(db, likes);
  return { routes: reportsRoutes(reports), services: { reports }, jobs: [] };
}
