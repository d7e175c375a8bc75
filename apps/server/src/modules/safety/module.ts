import type { AppModule, Platform } from '../../platform/module.js';
import type { BlocksService } from '../blocks/index.js';
import { NoticesService } from './notices.service.js';
import { ReportOutcomes } from './report-outcome.js';
import { reportsRoutes } from './reports.routes.js';
import { ReportsService } from './reports.service.js';

export interface SafetyModuleDeps extends Pick<Platform, 'db' | 'events' | 'config' | 'limiter'> {
  blocks: BlocksService;
}

/** Reports of members (a report may also block), notices from anyone, and telling the reporter the outcome. */
export function createSafetyModule({ db, events, config, limiter, blocks }: SafetyModuleDeps): AppModule<{ reports: ReportsService; reportOutcomes: ReportOutcomes }> {
  const reports = new ReportsService(db, blocks, events, config);
  const notices = new NoticesService(db, limiter, reports);
  const reportOutcomes = new ReportOutcomes(db, events, config);
  return { routes: reportsRoutes(reports, notices), services: { reports, reportOutcomes }, jobs: [] };
}
