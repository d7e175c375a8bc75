import type { AppModule, Platform } from '../../platform/module.js';
import { decisionsRoutes } from './decisions.routes.js';
import { type AuditPort, DecisionsService } from './decisions.service.js';

export interface DecisionsModuleDeps extends Pick<Platform, 'db' | 'config' | 'events'> {
  /** Writes a line to the admin module's audit log inside the caller's transaction (a port: admin uses this module). */
  audit: AuditPort;
}

/** Statements of reasons and objections (DSA Art. 17, 20): recorded by every restricting module, decided in the admin's queue. */
export function createDecisionsModule({ db, config, events, audit }: DecisionsModuleDeps): AppModule<{ decisions: DecisionsService }> {
  const decisions = new DecisionsService({ db, config, events, audit });
  return { routes: decisionsRoutes(decisions), services: { decisions }, jobs: [] };
}
