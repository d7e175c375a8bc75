import { randomUUID } from 'node:crypto';
import { limits } from '@funkeln/contracts/routes/limits';
import type { AnyReason, NoticeTarget } from '@funkeln/contracts/safety';
import type { Db } from '../../db/client.js';
import { mailboxKey } from '../../platform/crypto/mailbox-key.js';
import { AppError } from '../../platform/http/errors.js';
import { enforcePolicy, type RateLimiter } from '../../platform/rate-limit/rate-limit.js';
import { type EvidenceInput, evidenceSnapshot } from './evidence.js';
import { reportRef } from './report-mails.js';
import { type Reporter, reportNotFound, type ReportsService } from './reports.service.js';
import * as repo from './reports.repo.js';

const DAY_MS = 86_400_000;
/** Receipts to one visitor address a day; the notices themselves are still taken. */
export const RECEIPTS_PER_ADDRESS = 3;

export interface NoticeInput extends EvidenceInput {
  target: NoticeTarget;
  reason: AnyReason;
  details: string;
  /** Where a visitor wants the receipt and the decision. */
  email?: string;
  goodFaith: true;
}

/**
 * Notices from anyone (DSA Art. 16): a visitor names what a public page shows (a profile, its photo),
 * a signed-in member also a message she received. A profile or photo notice answers the same for
 * every id (existing, hidden, suspended or unknown): it is stored only when the account exists, in one
 * statement either way, and the receipt goes out either way.
 */
export class NoticesService {
  constructor(
    private readonly db: Db,
    private readonly limiter: RateLimiter,
    private readonly reports: ReportsService,
  ) {}

  /** `bucket` is the client's network (its per-IP limit key), for the per-target limit. */
  async notice(reporter: Reporter | undefined, bucket: string, input: NoticeInput): Promise<{ id: string; message: string }> {
    const { target } = input;
    if (target.kind !== 'message' && target.memberId === reporter?.id) throw new AppError('self_report');
    const targetKey = target.kind === 'message' ? target.messageId : target.memberId;
    await enforcePolicy(this.limiter, limits.noticeTarget, `${bucket}:${targetKey}`);
    // A member's notices count against her report limit too: "Meine Meldungen" lists a notice only
    // when its target exists, which must not be a faster oracle than POST /api/reports' 404 (red team).
    if (reporter) await enforcePolicy(this.limiter, limits.report, reporter.id);
    const id = randomUUID();
    // A member's receipt goes to her confirmed address; the address field is a visitor's, unconfirmed,
    // so it gets at most RECEIPTS_PER_ADDRESS a day (red team: random ids sent 240 a day to anyone).
    const to = reporter ? (reporter.email_verified ? reporter.email : undefined) : input.email;
    const receiptTo = to && (reporter || (await this.receiptAllowed(to))) ? to : undefined;
    await this.db.transaction(async (tx) => {
      const facts = { id, reporterId: reporter?.id ?? null, reason: input.reason, details: input.details, channel: 'notice' as const, goodFaith: true };
      if (target.kind === 'message') {
        const sender = reporter ? await repo.receivedMessageSender(tx, target.messageId, reporter.id) : undefined;
        if (sender === undefined) throw reportNotFound();
        const evidence = await evidenceSnapshot(tx, reporter?.id, sender, input);
        await repo.insertReport(tx, { ...facts, reportedId: sender, messageId: target.messageId, reporterEmail: null, evidence });
      } else {
        const evidence = await evidenceSnapshot(tx, reporter?.id, target.memberId, input);
        const photo = target.kind === 'photo' && { id: target.photoId };
        await repo.insertNoticeIfTarget(tx, { ...facts, memberId: target.memberId, photo, reporterEmail: reporter ? null : (input.email ?? null), evidence });
      }
      await this.reports.receipt(tx, receiptTo, { id, thing: target.kind, reason: input.reason, member: reporter !== undefined });
    });
    if (receiptTo) this.reports.flush();
    const ref = reportRef(id);
    return {
      id,
      message: to
        ? `Danke! Deine Meldung ist bei uns eingegangen (Nummer ${ref}). Das Ergebnis schreiben wir dir per E-Mail, sobald wir entschieden haben.`
        : reporter
          ? `Danke! Deine Meldung ist bei uns eingegangen (Nummer ${ref}). Das Ergebnis findest du in den Einstellungen unter „Meine Meldungen“.`
          : `Danke! Deine Meldung ist bei uns eingegangen (Nummer ${ref}). Ohne E-Mail-Adresse können wir dir das Ergebnis leider nicht mitteilen.`,
    };
  }

  /** Counts a receipt to a visitor's mailbox (every spelling of it) and answers whether one may go today. */
  private async receiptAllowed(email: string): Promise<boolean> {
    const key = `notice-receipt:${mailboxKey(email)}`;
    const { count } = await this.limiter.increment(key, DAY_MS);
    return count <= RECEIPTS_PER_ADDRESS;
  }
}
