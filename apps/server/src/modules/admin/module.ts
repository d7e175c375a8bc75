import type { ScheduledJob } from '../../platform/jobs/scheduled-job.js';
import type { AppModule, Platform } from '../../platform/module.js';
import type { SessionService } from '../auth/index.js';
import type { DecisionsService } from '../decisions/index.js';
import type { PhotosService } from '../photos/index.js';
import type { LeaderboardService } from '../leaderboard/index.js';
import type { TeamRemoval } from '../messages/index.js';
import type { ReportOutcomes } from '../safety/index.js';
import type { SettingsService } from '../settings/index.js';
import type { FaceVerificationService } from '../verification/index.js';
import { adminRoutes } from './admin.routes.js';
import { AdminService } from './admin.service.js';
import { ObjectionsService } from './objections.service.js';
import { CLEANUP_INTERVAL_MS } from './retention.js';

export interface AdminModuleDeps extends Pick<Platform, 'db' | 'events' | 'metrics' | 'schedule' | 'log'> {
  settings: SettingsService;
  sessions: SessionService;
  photos: PhotosService;
  leaderboard: LeaderboardService;
  decisions: DecisionsService;
  teamRemoval: TeamRemoval;
  faceVerification: Pick<FaceVerificationService, 'grantAfterObjection'>;
  /** Decisions on reports tell the reporter; the cleanup prunes old reports and attached messages. */
  reportOutcomes: ReportOutcomes;
  /** Outboxes whose sent and dead entries the daily cleanup prunes too (mail, push). */
  outboxes: { prune(): Promise<unknown> }[];
}

/**
 * The admin API (/api/admin/*). Its daily job deletes expired and prunes used mail
 * tokens, deletes ended sessions, prunes old reports and the outboxes (once across the cluster).
 */
export function createAdminModule({ db, events, metrics, schedule, log, settings, sessions, photos, leaderboard, decisions, teamRemoval, faceVerification, reportOutcomes, outboxes }: AdminModuleDeps): AppModule<{
  admin: AdminService;
  objections: ObjectionsService;
  tokenCleanupJob: ScheduledJob;
}> {
  const restrictions = { events, sessions, leaderboard, decisions, teamRemoval };
  const admin = new AdminService({ db, settings, photos, metrics, reportOutcomes, ...restrictions });
  const objections = new ObjectionsService({ db, photos, verification: faceVerification, ...restrictions });
  // Admin actions served by other modules (verification decisions) reach the audit log through this event.
  events.on('admin.acted', ({ admin: who, action, target, details }) => {
    admin.record(who, action, target, details).catch((err: unknown) => log.error({ err, action, target }, 'audit log write failed'));
  });
  const tokenCleanupJob = schedule('token-cleanup', CLEANUP_INTERVAL_MS, async () => {
    await admin.cleanupTokens(undefined);
    await sessions.pruneEnded();
    await reportOutcomes.prune();
    for (const outbox of outboxes) await outbox.prune();
  });
  return { routes: adminRoutes(admin, objections), services: { admin, objections, tokenCleanupJob }, jobs: [tokenCleanupJob] };
}
