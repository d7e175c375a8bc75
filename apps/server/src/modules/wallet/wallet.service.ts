import { PREMIUM_DAYS, type PremiumResponse, type WalletResponse } from '@funkeln/contracts/wallet';
import type { Db } from '../../db/client.js';
import type { EventBus } from '../../platform/events/events.js';
import { extendPremium, findPremiumUntil, isPremium } from '../auth/index.js';
import type { SettingsService } from '../settings/index.js';
import { runIdempotent } from '../../platform/idempotency/idempotency.js';
import { SYSTEM_ACCOUNTS, type Ledger } from './ledger.service.js';
import type { RewardsService } from './rewards.service.js';
import * as repo from './wallet.repo.js';

/** What WalletService is built from (named, so no call site depends on an argument order). */
export interface WalletServiceDeps {
  db: Db;
  ledger: Ledger;
  settings: SettingsService;
  events: EventBus;
  paymentsMode: WalletResponse['payments'];
  rewards: Pick<RewardsService, 'status'>;
}

export class WalletService {
  private readonly db: Db;
  private readonly ledger: Ledger;
  private readonly settings: SettingsService;
  private readonly events: EventBus;
  private readonly paymentsMode: WalletResponse['payments'];
  private readonly rewards: Pick<RewardsService, 'status'>;

  constructor(deps: WalletServiceDeps) {
    this.db = deps.db;
    this.ledger = deps.ledger;
    this.settings = deps.settings;
    this.events = deps.events;
    this.paymentsMode = deps.paymentsMode;
    this.rewards = deps.rewards;
  }

  async wallet(memberId: string): Promise<WalletResponse> {
    const [state, premiumUntil, history, freeCap, freePassed, premiumPrice, rewards] = await Promise.all([
      this.ledger.state(this.db, memberId),
      findPremiumUntil(this.db, memberId),
      this.ledger.history(this.db, memberId),
      this.settings.get('PREPAID_FREE_CREDITS_PER_DAY'),
      repo.freeCreditsPassedToday(this.db, memberId),
      this.settings.get('PREMIUM_PRICE_CREDITS'),
      this.rewards.status(memberId),
    ]);
    return {
      credits: state.balance,
      freeCredits: state.free,
      freePassLeftToday: Math.max(freeCap - freePassed, 0),
      premiumUntil: activeUntil(premiumUntil),
      premiumPrice,
      history,
      payments: this.paymentsMode,
      rewards,
    };
  }

  /** 30 days of premium for PREMIUM_PRICE_CREDITS; buying again extends from the current end. */
  async buyPremium(memberId: string, idempotencyKey?: string): Promise<PremiumResponse> {
    const price = await this.settings.get('PREMIUM_PRICE_CREDITS');
    const { result } = await runIdempotent(this.db, { memberId, key: idempotencyKey, operation: 'wallet.premium', body: null }, async (tx) => {
      const posted = await this.ledger.post(tx, {
        kind: 'premium',
        legs: [
          { account: { wallet: memberId }, amount: -price },
          { account: SYSTEM_ACCOUNTS.spending, amount: price },
        ],
      });
      const until = await extendPremium(tx, memberId, PREMIUM_DAYS);
      // Sessions and feed decks cache whether a member is premium (a replay changes nothing).
      this.events.publishOnCommit(tx, 'users.changed', { userIds: [memberId] });
      return { credits: await this.ledger.balanceAfter(tx, memberId, [posted]), premiumUntil: until.toISOString() };
    });
    return result;
  }
}

function activeUntil(until: Date | null): string | null {
  return until && isPremium(until) ? until.toISOString() : null;
}
