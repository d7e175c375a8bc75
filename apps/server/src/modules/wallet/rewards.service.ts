import { berlinToday, nextBerlinMidnight } from '@funkeln/contracts/profiles';
import type { NotEligibleReason } from '@funkeln/contracts/errors';
import { type RewardClaimResponse, type RewardStatus, type RewardType, rewardTypes } from '@funkeln/contracts/wallet';
import type { Db, Queryable } from '../../db/client.js';
import { mailboxKey } from '../../platform/crypto/mailbox-key.js';
import { AppError } from '../../platform/http/errors.js';
import type { SettingsService } from '../settings/index.js';
import { runIdempotent } from '../../platform/idempotency/idempotency.js';
import { SYSTEM_ACCOUNTS, type Ledger } from './ledger.service.js';
import * as repo from './rewards.repo.js';

/** Tells whether the member's photo received a vote on a Berlin calendar day (photo voting). */
export type VoteReceived = (q: Queryable, memberId: string, day: string) => Promise<boolean>;
/** Tells whether the member has an approved photo (photos). */
export type PhotoApproved = (q: Queryable, memberId: string) => Promise<boolean>;

const notEligible = (reason: NotEligibleReason) => new AppError('not_eligible', { params: { reason } });

interface Rule {
  setting: 'REWARD_LOGIN_CREDITS' | 'REWARD_UPLOAD_PHOTO_CREDITS' | 'REWARD_GET_VOTE_CREDITS';
  period: (today: string) => string;
  alreadyClaimed: NotEligibleReason;
}

const rules: Record<RewardType, Rule> = {
  login: {
    setting: 'REWARD_LOGIN_CREDITS',
    period: (today) => today,
    alreadyClaimed: 'login_claimed',
  },
  upload_photo: {
    setting: 'REWARD_UPLOAD_PHOTO_CREDITS',
    period: () => 'once',
    alreadyClaimed: 'upload_photo_claimed',
  },
  get_vote: {
    setting: 'REWARD_GET_VOTE_CREDITS',
    period: (today) => today,
    alreadyClaimed: 'get_vote_claimed',
  },
};

/** What RewardsService is built from (named, so no call site depends on an argument order). */
export interface RewardsServiceDeps {
  db: Db;
  ledger: Ledger;
  settings: SettingsService;
  voteReceived: VoteReceived;
  photoApproved: PhotoApproved;
}

export class RewardsService {
  private readonly db: Db;
  private readonly ledger: Ledger;
  private readonly settings: SettingsService;
  private readonly voteReceived: VoteReceived;
  private readonly photoApproved: PhotoApproved;

  constructor(deps: RewardsServiceDeps) {
    this.db = deps.db;
    this.ledger = deps.ledger;
    this.settings = deps.settings;
    this.voteReceived = deps.voteReceived;
    this.photoApproved = deps.photoApproved;
  }

  async claim(memberId: string, type: RewardType, idempotencyKey?: string): Promise<RewardClaimResponse> {
    const rule = rules[type];
    const amount = await this.settings.get(rule.setting);
    const { result } = await runIdempotent(this.db, { memberId, key: idempotencyKey, operation: 'rewards.claim', body: { type } }, async (tx) => {
      const today = berlinToday();
      await this.checkEligible(tx, memberId, type, today);
      if (!(await repo.insertClaim(tx, memberId, type, rule.period(today), amount))) throw notEligible(rule.alreadyClaimed);
      await this.ledger.post(tx, {
        kind: `reward.${type}`,
        reference: `${type}:${rule.period(today)}`,
        legs: [
          { account: SYSTEM_ACCOUNTS.rewards, amount: -amount },
          { account: { wallet: memberId }, amount },
        ],
      });
      return { amount };
    });
    return result;
  }

  /**
   * The welcome credits (WELCOME_CREDITS), in the transaction that first confirms the member's
   * address: once per member (the claim row's key), nothing when the setting is 0.
   */
  async welcome(tx: Queryable, memberId: string): Promise<void> {
    const amount = await this.settings.get('WELCOME_CREDITS', tx);
    if (amount === 0) return;
    const address = await repo.addressOf(tx, memberId);
    // Once per address too: an erased account's address registered again gets none.
    if (address === undefined || !(await repo.insertWelcomeGrant(tx, mailboxKey(address.email)))) return;
    if (!(await repo.insertClaim(tx, memberId, 'welcome', 'once', amount))) return;
    await this.ledger.post(tx, {
      kind: 'reward.welcome',
      reference: 'welcome:once',
      legs: [
        { account: SYSTEM_ACCOUNTS.rewards, amount: -amount },
        { account: { wallet: memberId }, amount },
      ],
    });
  }

  /** Each reward's state for the member now, in the spec's order (wallet page, composer). */
  async status(memberId: string): Promise<RewardStatus[]> {
    const today = berlinToday();
    const [claims, address, photo, vote, amounts] = await Promise.all([
      repo.claimsOf(this.db, memberId, today),
      repo.addressOf(this.db, memberId),
      this.photoApproved(this.db, memberId),
      this.voteReceived(this.db, memberId, today),
      Promise.all(rewardTypes.map((type) => this.settings.get(rules[type].setting))),
    ]);
    const earned: Record<RewardType, boolean> = { login: true, upload_photo: photo, get_vote: vote };
    const reopens = nextBerlinMidnight().toISOString();
    return rewardTypes.map((type, i) => {
      const claimed = claims.has(type);
      const state = claimed ? 'claimed' : address?.email_verified === true && earned[type] ? 'open' : 'waiting';
      return { type, amount: amounts[i] ?? 0, state, nextAt: claimed && rules[type].period(today) === today ? reopens : null };
    });
  }

  private async checkEligible(tx: Queryable, memberId: string, type: RewardType, today: string): Promise<void> {
    if (type === 'upload_photo' && !(await this.photoApproved(tx, memberId))) {
      throw notEligible('no_photo');
    }
    if (type === 'get_vote' && !(await this.voteReceived(tx, memberId, today))) {
      throw notEligible('no_vote');
    }
  }
}
