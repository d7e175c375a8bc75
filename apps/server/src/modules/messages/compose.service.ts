import { nextBerlinMidnight } from '@funkeln/contracts/profiles';
import type { ComposeInfo } from '@funkeln/contracts/messages';
import type { Db } from '../../db/client.js';
import { AppError } from '../../platform/http/errors.js';
import { findShownMember } from '../auth/index.js';
import type { BlocksService } from '../blocks/index.js';
import type { SettingsService } from '../settings/index.js';
import type { Ledger, RewardsService } from '../wallet/index.js';
import * as composeRepo from './compose.repo.js';
import { isReply, loadMessageRules } from './message-rules.js';
import * as repo from './messages.repo.js';

/** What the next message to a member will ask of the sender, for the composer (docs/MESSAGING.md). */
export class ComposeService {
  private readonly db: Db;
  private readonly ledger: Ledger;
  private readonly settings: SettingsService;
  private readonly blocks: BlocksService;
  private readonly rewards: Pick<RewardsService, 'status'>;

  constructor(deps: { db: Db; ledger: Ledger; rewards: Pick<RewardsService, 'status'>; settings: SettingsService; blocks: BlocksService }) {
    this.db = deps.db;
    this.ledger = deps.ledger;
    this.rewards = deps.rewards;
    this.settings = deps.settings;
    this.blocks = deps.blocks;
  }

  /**
   * Seen under the conversation's rules: a suspended, blocked or unknown member is a 404. The reads
   * go out together (one wait, not four in a row); nothing of them is answered before the checks.
   */
  async compose(viewerId: string, memberId: string): Promise<ComposeInfo> {
    if (memberId === viewerId) throw new AppError('not_found', { params: { of: 'conversation' } });
    const [member, blocked, gender, balance, theyWrote, rules] = await Promise.all([
      findShownMember(this.db, memberId),
      this.blocks.isBlocked(viewerId, memberId),
      repo.senderGender(this.db, viewerId),
      this.ledger.balance(this.db, viewerId),
      composeRepo.hasWritten(this.db, memberId, viewerId),
      loadMessageRules(this.settings),
    ]);
    if (!member || blocked) throw new AppError('not_found', { params: { of: 'conversation' } });
    const rule = rules(gender ?? null);
    const cost = rule.kind === 'pay' ? rule.cost : null;
    const canAfford = balance >= (cost ?? 0);
    const repliesLeft = rule.kind === 'limit' ? await this.repliesLeft(viewerId, memberId, rule.perDay) : null;
    // Short of credits: the rewards he can claim right in the chat (the first day's wall, issue 56).
    const openRewards = canAfford ? [] : (await this.rewards.status(viewerId)).filter((r) => r.state === 'open' && r.amount > 0);
    return {
      rule: rule.kind,
      costPerMessage: cost,
      balance,
      canAfford,
      prepaidReplyAvailable: rule.kind === 'pay' && !theyWrote,
      repliesLeftToday: repliesLeft,
      repliesPerDay: rule.kind === 'limit' ? rule.perDay : null,
      repliesReopenAt: repliesLeft === 0 ? nextBerlinMidnight().toISOString() : null,
      openRewards,
    };
  }

  /** Replies left today when this message counts as a reply under the daily limit; null when it does not count. */
  private async repliesLeft(viewerId: string, memberId: string, perDay: number): Promise<number | null> {
    if (!(await isReply(this.db, viewerId, memberId))) return null;
    return Math.max(perDay - (await repo.dailyReplies(this.db, viewerId)), 0);
  }
}
