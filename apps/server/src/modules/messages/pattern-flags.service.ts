import { createHmac } from 'node:crypto';
import { type PatternFlags, patternFlagKinds } from '@funkeln/contracts/messages';
import type { Db } from '../../db/client.js';
import { timeOrderedId } from '../../platform/crypto/ids.js';
import { loadSecret } from '../../platform/crypto/secrets.js';
import type { EventBus } from '../../platform/events/events.js';
import { AppError } from '../../platform/http/errors.js';
import type { SettingsService } from '../settings/index.js';
import * as repo from './pattern-flags.repo.js';
import { detectScam } from './screening/scam-detector.js';

const QUEUE_SIZE = 100;

/**
 * Repeated patterns across recipients (docs/SAFETY.md, scam hints): each stored message's phone
 * numbers, IBANs, links, e-mail addresses and long text are counted per sender as keyed hashes
 * with the members they went to; at SCAM_PATTERN_RECIPIENTS distinct members within a day the team
 * sees the member, the kind and the count ("Auffällige Nachrichten"), never the text or the value.
 */
export class PatternFlagsService {
  private key: Promise<Buffer> | undefined;

  constructor(
    private readonly db: Db,
    private readonly settings: SettingsService,
    private readonly events: EventBus,
  ) {}

  /**
   * For a stored message (the durable `message.created` event, after its commit): each statement
   * commits on its own, so of two sends at once the later count sees both sightings.
   */
  async record(senderId: string, recipientId: string, body: string): Promise<void> {
    const { patterns } = detectScam(body);
    if (patterns.length === 0) return;
    const [key, threshold] = await Promise.all([(this.key ??= loadSecret(this.db, 'message_pattern_hmac')), this.settings.get('SCAM_PATTERN_RECIPIENTS')]);
    for (const { kind, value } of patterns) {
      const pattern = createHmac('sha256', key).update(`${kind}\n${value}`).digest();
      await repo.recordSighting(this.db, senderId, pattern, recipientId);
      const recipients = await repo.recipientsWithinDay(this.db, senderId, pattern);
      if (recipients >= threshold) await repo.upsertFlag(this.db, { id: timeOrderedId(), senderId, pattern, kind, recipients });
    }
  }

  async open(): Promise<PatternFlags> {
    const rows = await repo.openFlags(this.db, QUEUE_SIZE);
    return {
      items: rows.map((r) => ({
        id: r.id,
        memberId: r.sender_id,
        name: r.display_name,
        kind: patternFlagKinds.find((k) => k === r.kind) ?? 'text',
        recipients: r.recipients,
        flaggedAt: r.flagged_at.toISOString(),
        updatedAt: r.updated_at.toISOString(),
      })),
    };
  }

  async dismiss(admin: { id: string; email: string }, id: string): Promise<{ dismissed: true }> {
    const result = await repo.dismissFlag(this.db, id, admin.id);
    if (result === undefined) throw new AppError('not_found', { params: { of: 'pattern_flag' } });
    if (result === 'dismissed') throw new AppError('pattern_flag_dismissed');
    this.events.emit('admin.acted', { admin, action: 'message_flag.dismiss', target: id, details: { member: result.senderId } });
    return { dismissed: true };
  }

  prune(): Promise<void> {
    return repo.pruneSightingsAndFlags(this.db);
  }
}
