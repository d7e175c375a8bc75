import type { Config } from '../../config.js';
import type { AppModule, Platform } from '../../platform/module.js';
import type { SettingsService } from '../settings/index.js';
import { Ledger } from './ledger.service.js';
import type { Payments } from './payment-provider.js';
import { paymentsRoutes } from './payments.routes.js';
import { PurchasesService } from './purchases.service.js';
import { type PhotoApproved, RewardsService, type VoteReceived } from './rewards.service.js';
import { createStripeProvider } from './stripe-provider.js';
import { walletRoutes } from './wallet.routes.js';
import { WalletService } from './wallet.service.js';

export interface WalletModuleDeps extends Pick<Platform, 'config' | 'db' | 'events' | 'log'> {
  settings: SettingsService;
  /** Whether a member received a vote on a day (leaderboard's data, for the voting reward). */
  voteReceived: VoteReceived;
  /** Whether a member has an approved photo (photos' data, for the upload reward). */
  photoApproved: PhotoApproved;
  /** A payment provider other than the one the config names (tests: Stripe against a local API). */
  payments?: Payments;
}

export interface WalletServices {
  ledger: Ledger;
  payments: Payments;
  wallet: WalletService;
  rewards: RewardsService;
  purchases: PurchasesService;
}

function paymentsFrom(config: Config): Payments {
  if (config.stripe) return { mode: 'stripe', provider: createStripeProvider(config.stripe) };
  return config.testPayments ? { mode: 'test' } : { mode: 'none' };
}

/** Credits: the ledger, balance, rewards and purchases (the Stripe webhook when Stripe is configured). */
export function createWalletModule({ config, db, events, log, settings, voteReceived, photoApproved, payments = paymentsFrom(config) }: WalletModuleDeps): AppModule<WalletServices> {
  const ledger = new Ledger();
  const rewards = new RewardsService({ db, ledger, settings, voteReceived, photoApproved });
  const services: WalletServices = {
    ledger,
    payments,
    wallet: new WalletService({ db, ledger, settings, events, paymentsMode: payments.mode, rewards }),
    rewards,
    purchases: new PurchasesService({ db, ledger, payments, publicUrl: config.publicUrl, operator: config.legal.operator, log }),
  };
  return {
    routes: async (app) => {
      await app.register(walletRoutes(services));
      await app.register(paymentsRoutes(payments, services.purchases));
    },
    services,
    jobs: [],
  };
}
