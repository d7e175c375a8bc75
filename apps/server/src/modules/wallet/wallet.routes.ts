import { walletEndpoints as endpoints } from '@funkeln/contracts/routes/wallet';
import { IDEMPOTENCY_HEADER } from '@funkeln/contracts/wallet';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { serve } from '../../platform/http/endpoints.js';
import type { PurchasesService } from './purchases.service.js';
import type { RewardsService } from './rewards.service.js';
import type { WalletService } from './wallet.service.js';

export interface WalletRoutesDeps {
  wallet: WalletService;
  rewards: RewardsService;
  purchases: PurchasesService;
}

export function walletRoutes(m: WalletRoutesDeps): FastifyPluginAsyncZod {
  return async (app) => {
    serve(app, endpoints.wallet, (req) => m.wallet.wallet(req.auth.user.id));
    serve(app, endpoints.claimReward, (req) => m.rewards.claim(req.auth.user.id, req.body.type, req.headers[IDEMPOTENCY_HEADER]));
    serve(app, endpoints.buyPack, (req) => m.purchases.buy({ id: req.auth.user.id, email: req.auth.user.email, name: req.auth.user.display_name }, req.body, req.headers[IDEMPOTENCY_HEADER]));
    serve(app, endpoints.buyPremium, (req) => m.wallet.buyPremium(req.auth.user.id, req.headers[IDEMPOTENCY_HEADER]));
  };
}
