import { berlinToday } from '@funkeln/contracts/profiles';
import type { RewardClaimResponse, RewardType } from '@funkeln/contracts/wallet';
import type { Db, Queryable } from '../../db/client.js';
import { AppError } from '../../platform/errors.js';
import type { SettingsService } from '../settings/settings.service.js';
import { runIdempotent } from './idempotency.js';
import { SYSTEM_ACCOUNTS, type Ledger } from './ledger.service.js';
import * as repo from './rewards.repo.js';

/** Tells whether the member's photo received a vote on a Berlin calendar day (photo voting). */
export type VoteReceived = (q: Queryable, userId: string, day: string) => Promise<boolean>;

const notEligible = (message: string) => new AppError(409, 'not_eligible', message);

/** Free credits only for confirmed addresses: throwaway accounts are how rewards were farmed. */
const REWARD_NEEDS_VERIFIED_EMAIL =
  'Rewards gibt es erst, wenn deine E-Mail-Adresse bestätigt ist. Klicke auf den Link in unserer E-Mail oder fordere eine neue Bestätigung an.';

interface Rule {
  setting: 'REWARD_LOGIN_CREDITS' | 'REWARD_UPLOAD_PHOTO_CREDITS' | 'REWARD_GET_VOTE_CREDITS';
  period: (today: string) => string;
  alreadyClaimed: string;
}

const rules: Record<RewardType, Rule> = {
  login: {
    setting: 'REWARD_LOGIN_CREDITS',
    period: (today) => today,
    alreadyClaimed: 'Die tägliche Login-Belohnung hast du heute schon abgeholt. Morgen gibt es wieder Credits.',
  },
  upload_photo: {
    setting: 'REWARD_UPLOAD_PHOTO_CREDITS',
    period: () => 'once',
    alreadyClaimed: 'Die Belohnung für dein erstes Foto hast du schon abgeholt.',
  },
  get_vote: {
    setting: 'REWARD_GET_VOTE_CREDITS',
    period: (today) => today,
    alreadyClaimed: 'Die Stimmen-Belohnung hast du heute schon abgeholt. Morgen gibt es wieder eine Chance.',
  },
};

export class RewardsService {
  constructor(
    private readonly db: Db,
    private readonly ledger: Ledger,
    private readonly settings: SettingsService,
    private readonly voteReceived: VoteReceived,
  ) {}

  async claim(userId: string, type: RewardType, idempotencyKey?: string): Promise<RewardClaimResponse> {
    const rule = rules[type];
    const amount = await this.settings.get(rule.setting);
    const { result } = await runIdempotent(this.db, { userId, key: idempotencyKey, operation: 'rewards.claim', body: { type } }, async (tx) => {
      const today = berlinToday();
      await this.checkEligible(tx, userId, type, today);
      if (!(await repo.insertClaim(tx, userId, type, rule.period(today), amount))) throw notEligible(rule.alreadyClaimed);
      await this.ledger.post(tx, {
        kind: `reward.${type}`,
        reference: `${type}:${rule.period(today)}`,
        legs: [
          { account: SYSTEM_ACCOUNTS.rewards, amount: -amount },
          { account: { wallet: userId }, amount },
        ],
      });
      return { amount };
    });
    return result;
  }

  private async checkEligible(tx: Queryable, userId: string, type: RewardType, today: string): Promise<void> {
    if (!(await repo.emailVerified(tx, userId))) throw new AppError(403, 'email_not_verified', REWARD_NEEDS_VERIFIED_EMAIL);
    if (type === 'upload_photo' && !(await repo.hasApprovedPhoto(tx, userId))) {
      throw notEligible('Lade zuerst ein Foto hoch. Sobald es freigegeben ist, kannst du die Belohnung abholen.');
    }
    if (type === 'get_vote' && !(await this.voteReceived(tx, userId, today))) {
      throw notEligible('Dein Foto hat heute noch keine Stimme bekommen. Schau später wieder vorbei.');
    }
  }
}
