import { randomUUID } from 'node:crypto';
import type { ReportReason } from '@funkeln/contracts/safety';
import type { Db } from '../../db/client.js';
import { AppError } from '../../platform/http/errors.js';
import { memberExists } from '../auth/index.js';
import type { BlocksService } from '../blocks/index.js';
import * as repo from './reports.repo.js';

export interface ReportInput {
  photoId?: string;
  /** The reported member: the report body's wire key (contracts/safety) stays `userId`. */
  userId?: string;
  messageId?: string;
  reason: ReportReason;
  details: string;
  block: boolean;
}

const notFound = () => new AppError('not_found', { params: { of: 'reported' } });

/** Members report a photo, a message they received or any account (hidden from them or not); optionally blocking at once. */
export class ReportsService {
  constructor(
    private readonly db: Db,
    private readonly blocks: BlocksService,
  ) {}

  async report(reporterId: string, input: ReportInput): Promise<{ id: string; message: string }> {
    const reportedId = await this.target(reporterId, input);
    if (reportedId === reporterId) throw new AppError('self_report');
    const id = randomUUID();
    await repo.insertReport(this.db, { id, reporterId, reportedId, photoId: input.photoId, messageId: input.messageId, reason: input.reason, details: input.details });
    if (input.block && reportedId) await this.blocks.block(reporterId, reportedId);
    return { id, message: input.block && reportedId ? 'Danke für deine Meldung. Das Mitglied ist jetzt blockiert.' : 'Danke für deine Meldung. Unser Team sieht sie sich an.' };
  }

  private async target(reporterId: string, input: ReportInput): Promise<string | null> {
    if (input.photoId) return (await repo.visiblePhotoOwner(this.db, input.photoId)) ?? Promise.reject(notFound());
    if (input.messageId) {
      const sender = await repo.receivedMessageSender(this.db, input.messageId, reporterId);
      if (sender === undefined) throw notFound();
      return sender;
    }
    // Any account there is, whether the reporter can see it or not: she may have blocked the one she
    // reports, or been blocked by him; a hidden member answers like a visible one (no block oracle).
    if (!(await memberExists(this.db, input.userId ?? ''))) throw notFound();
    return input.userId ?? null;
  }
}
