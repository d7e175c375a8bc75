import { berlinToday } from '@funkeln/contracts/profiles';
import type { ComposeInfo } from '@funkeln/contracts/messages';
import type { Db } from '../../db/client.js';
import { AppError } from '../../platform/http/errors.js';
import { findShownMember } from '../auth/index.js';
import type { BlocksService } from '../blocks/index.js';
import type { SettingsService } from '../settings/index.js';
import type { Ledger } from '../wallet/index.js';
import * as composeRepo from './compose.repo.js';
import { isReply, loadMessageRules } from './message-rules.js';
import * as repo from './messages.repo.js';

/** Below this many replies left, the composer shows how many remain. */
const FEW_REPLIES_LEFT = 5;

/** What the next message to a member will ask of the sender, for the composer (docs/MESSAGING.md). */
export class ComposeService {
  private readonly db: Db;
  private readonly ledger: Ledger;
  private readonly settings: SettingsService;
  private readonly blocks: BlocksService;

  constructor(deps: { db: Db; ledger: Ledger; settings: SettingsService; blocks: BlocksService }) {
    this.db = deps.db;
    this.ledger = deps.ledger;
    this.settings = deps.settings;
    this.blocks = deps.blocks;
  }

  /**
   * Seen under the conversation's rules: a suspended, blocked or unknown member is a 404. The reads
   * go out together (one wait, not four in a row); nothing of them is answered before the checks.
   */
  async compose(viewerId: string, memberId: string): Promise<ComposeInfo> {
    if (memberId === viewerId) throw new AppError('not_found', { params: { of: 'conversation' } });
    const [member, blocked, gender, balance, theyWrote, dailyRewardOpen, rules] = await Promise.all([
      findShownMember(this.db, memberId),
      this.blocks.isBlocked(viewerId, memberId),
      repo.senderGender(this.db, viewerId),
      this.ledger.balance(this.db, viewerId),
      composeRepo.hasWritten(this.db, memberId, viewerId),
      composeRepo.loginRewardOpen(this.db, viewerId, berlinToday()),
      loadMessageRules(this.settings),
    ]);
    if (!member || blocked) throw new AppError('not_found', { params: { of: 'conversation' } });
    const rule = rules(gender ?? null);
    const cost = rule.kind === 'pay' ? rule.cost : null;
    return {
      rule: rule.kind,
      costPerMessage: cost,
      balance,
      canAfford: balance >= (cost ?? 0),
      prepaidReplyAvailable: rule.kind === 'pay' && !theyWrote,
      repliesLeftToday: rule.kind === 'limit' ? await this.repliesLeft(viewerId, memberId, rule.perDay) : null,
      dailyRewardOpen,
    };
  }

  private async repliesLeft(viewerId: string, memberId: string, perDay: number): Promise<number | null> {
    if (!(await isReply(this.db, viewerId, memberId))) return null;
    const left = Math.max(perDay - (await repo.dailyReplies(this.db, viewerId)), 0);
    return left < FEW_REPLIES_LEFT ? left : null;
  }
}
