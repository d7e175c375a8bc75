import type { AppModule, Platform } from '../../platform/module.js';
import type { BlocksService } from '../blocks/index.js';
import { reportsRoutes } from './reports.routes.js';
import { ReportsService } from './reports.service.js';

export interface SafetyModuleDeps extends Pick<Platform, 'db'> {
  blocks: BlocksService;
}

/** Reports of members (a report also blocks). */
export function createSafetyModule({ db, blocks }: SafetyModuleDeps): AppModule<{ reports: ReportsService }> {
  const reports = new ReportsService(db, blocks);
  return { routes: reportsRoutes(reports), services: { reports }, jobs: [] };
}
