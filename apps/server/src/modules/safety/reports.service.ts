import { randomUUID } from 'node:crypto';
import type { AnyReason, MyReport } from '@funkeln/contracts/safety';
import { outcomeTexts } from '@funkeln/contracts/safety';
import type { Config } from '../../config.js';
import type { Db, Queryable } from '../../db/client.js';
import type { EventBus } from '../../platform/events/events.js';
import { AppError } from '../../platform/http/errors.js';
import { enqueueMail } from '../../platform/mail/outbox.repo.js';
import { memberExists } from '../auth/index.js';
import type { BlocksService } from '../blocks/index.js';
import { type EvidenceInput, evidenceSnapshot } from './evidence.js';
import { reasonLabel, receiptMail, type ReportedThing } from './report-mails.js';
import * as repo from './reports.repo.js';

export interface ReportInput extends EvidenceInput {
  photoId?: string;
  /** The reported member: the report body's wire key (contracts/safety) stays `userId`. */
  userId?: string;
  messageId?: string;
  reason: AnyReason;
  details: string;
  block: boolean;
  goodFaith: boolean;
}

/** The signed-in reporter: her confirmed address gets the receipt and the outcome. */
export interface Reporter {
  id: string;
  email: string;
  email_verified: boolean;
}

export const reportNotFound = () => new AppError('not_found', { params: { of: 'reported' } });

/** Where the reporter reads her reports (members) or the front page (visitors), for the mails' button. */
export function reportLinks(publicUrl: string) {
  return {
    member: { label: 'Meine Meldungen ansehen', url: `${publicUrl}/settings#meine-meldungen` },
    visitor: { label: 'Zu Funkeln', url: `${publicUrl}/` },
  };
}

/** Members report a photo, a message they received or an account of their choice (hidden from them or not); optionally blocking at once. */
export class ReportsService {
  constructor(
    private readonly db: Db,
    private readonly blocks: BlocksService,
    private readonly events: EventBus,
    private readonly config: Pick<Config, 'publicUrl'>,
  ) {}

  async report(reporter: Reporter, input: ReportInput): Promise<{ id: string; message: string }> {
    const reportedId = await this.target(reporter.id, input);
    if (reportedId === reporter.id) throw new AppError('self_report');
    const id = randomUUID();
    const thing: ReportedThing = input.photoId ? 'photo' : input.messageId ? 'message' : 'profile';
    await this.db.transaction(async (tx) => {
      const evidence = await evidenceSnapshot(tx, reporter.id, reportedId, input);
      await repo.insertReport(tx, {
        id,
        reporterId: reporter.id,
        reportedId,
        photoId: input.photoId,
        messageId: input.messageId,
        reason: input.reason,
        details: input.details,
        channel: 'report',
        goodFaith: input.goodFaith,
        reporterEmail: null,
        evidence,
      });
      await this.receipt(tx, reporter.email_verified ? reporter.email : undefined, { id, thing, reason: input.reason, member: true });
    });
    this.flush();
    if (input.block && reportedId) await this.blocks.block(reporter.id, reportedId);
    return { id, message: input.block && reportedId ? 'Danke für deine Meldung. Das Mitglied ist jetzt blockiert.' : 'Danke für deine Meldung. Unser Team sieht sie sich an.' };
  }

  /** Inside tx: the receipt (DSA Art. 16(4)) to the given address, if one was given. */
  async receipt(tx: Queryable, to: string | undefined, r: { id: string; thing: ReportedThing; reason: string; member: boolean }): Promise<void> {
    if (!to) return;
    const links = reportLinks(this.config.publicUrl);
    await enqueueMail(tx, receiptMail(to, { ...r, action: r.member ? links.member : links.visitor }));
  }

  /** After a commit that wrote a mail: the sender picks it up at once. */
  flush(): void {
    this.events.emit('mail.enqueued', {});
  }

  /** The member's own reports with the decision's sentence: what was reported and why, never whom. */
  async mine(memberId: string): Promise<MyReport[]> {
    const rows = await repo.reportsBy(this.db, memberId);
    return rows.map((r) => {
      const decided = r.status === 'resolved' || r.status === 'dismissed';
      return {
        id: r.id,
        what: r.message_id ? 'message' : r.photo_id ? 'photo' : 'profile',
        reason: reasonLabel(r.reason),
        status: r.status,
        createdAt: r.created_at.toISOString(),
        decidedAt: decided && r.resolved_at ? r.resolved_at.toISOString() : null,
        outcome: r.status === 'resolved' || r.status === 'dismissed' ? outcomeTexts[r.status] : null,
        note: decided ? r.reporter_note : null,
      };
    });
  }

  private async target(reporterId: string, input: ReportInput): Promise<string | null> {
    if (input.photoId) return (await repo.visiblePhotoOwner(this.db, input.photoId)) ?? Promise.reject(reportNotFound());
    if (input.messageId) {
      const sender = await repo.receivedMessageSender(this.db, input.messageId, reporterId);
      if (sender === undefined) throw reportNotFound();
      return sender;
    }
    // Every account there is, whether the reporter can see it or not: she may have blocked the one she
    // reports, or been blocked by him; a hidden member answers like a visible one (no block oracle).
    if (!(await memberExists(this.db, input.userId ?? ''))) throw reportNotFound();
    return input.userId ?? null;
  }
}
