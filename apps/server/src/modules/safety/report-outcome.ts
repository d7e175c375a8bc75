import type { Config } from '../../config.js';
import type { Db } from '../../db/client.js';
import type { EventBus } from '../../platform/events/events.js';
import { enqueueMail } from '../../platform/mail/outbox.repo.js';
import { outcomeMail } from './report-mails.js';
import { reportLinks } from './reports.service.js';
import * as repo from './reports.repo.js';
import { EVIDENCE_RETENTION_DAYS, REPORT_RETENTION_DAYS } from './retention.js';

export interface Decision {
  reportId: string;
  status: 'resolved' | 'dismissed';
  adminId: string;
  /** The team's optional note to the reporter (it must say nothing about the reported member). */
  note?: string;
}

/** How the reporter was told: by mail (her confirmed address or the one she gave), or only in the app, or not at all. */
export type ReporterTold = 'mail' | 'app' | 'none';

/**
 * The team's decision on a report and telling the reporter (DSA Art. 16(5)): in the decision's own
 * transaction, so a decision is never recorded without its mail nor mailed without being recorded.
 */
export class ReportOutcomes {
  constructor(
    private readonly db: Db,
    private readonly events: EventBus,
    private readonly config: Pick<Config, 'publicUrl'>,
  ) {}

  /** undefined for an unknown report. A decision that does not change the status is recorded, but not mailed again. */
  async decide(d: Decision): Promise<ReporterTold | undefined> {
    const note = d.note?.trim() ? d.note.trim() : null;
    const told = await this.db.transaction(async (tx) => {
      const before = await repo.decideReport(tx, { id: d.reportId, status: d.status, adminId: d.adminId, note });
      if (!before) return undefined;
      const links = reportLinks(this.config.publicUrl);
      const to = before.email ?? before.reporter_email;
      const inApp: ReporterTold = before.reporter_id ? 'app' : 'none';
      if (!to || before.status === d.status) return inApp;
      const action = before.reporter_id ? links.member : links.visitor;
      await enqueueMail(tx, outcomeMail(to, { id: d.reportId, status: d.status, note, action }));
      return 'mail';
    });
    if (told === 'mail') this.events.emit('mail.enqueued', {});
    return told;
  }

  /** The daily cleanup's part: attached messages and old decided reports (retention.ts). */
  prune(): Promise<{ evidenceRemoved: number; reportsDeleted: number }> {
    return this.db.transaction((tx) => repo.pruneReports(tx, EVIDENCE_RETENTION_DAYS, REPORT_RETENTION_DAYS));
  }
}
