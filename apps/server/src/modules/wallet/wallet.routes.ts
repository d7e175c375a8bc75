import { errorResponses } from '@funkeln/contracts/errors';
import {
  IDEMPOTENCY_HEADER,
  idempotencyHeaders,
  premiumResponse,
  purchaseBody,
  purchaseResponse,
  rewardClaimBody,
  rewardClaimResponse,
  walletResponse,
} from '@funkeln/contracts/wallet';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authOf, requireAuth, type SessionService } from '../accounts/index.js';
import type { PurchasesService } from './purchases.service.js';
import type { RewardsService } from './rewards.service.js';
import type { WalletService } from './wallet.service.js';


export interface WalletModule {
  wallet: WalletService;
  rewards: RewardsService;
  purchases: PurchasesService;
  sessions: SessionService;
}

export function walletRoutes(m: WalletModule): FastifyPluginAsyncZod {
  return async (app) => {
    const signedIn = requireAuth(m.sessions);
    const tags = ['wallet'];

    app.get('/wallet', { preHandler: signedIn, schema: { tags, response: { 200: walletResponse, ...errorResponses('unauthorized') } } }, (req) =>
      m.wallet.wallet(authOf(req).user.id),
    );

    app.post(
      '/rewards/claim',
      { preHandler: signedIn, schema: { tags, headers: idempotencyHeaders, body: rewardClaimBody, response: { 200: rewardClaimResponse, ...errorResponses('unauthorized', 'idempotency_conflict', 'email_not_verified', 'not_eligible') } } },
      (req) => m.rewards.claim(authOf(req).user.id, req.body.type, req.headers[IDEMPOTENCY_HEADER]),
    );

    app.post(
      '/wallet/purchases',
      { preHandler: signedIn, schema: { tags, headers: idempotencyHeaders, body: purchaseBody, response: { 200: purchaseResponse, ...errorResponses('unauthorized', 'unknown_pack', 'payments_unavailable', 'idempotency_conflict') } } },
      (req) => {
        const { user } = authOf(req);
        return m.purchases.buy({ id: user.id, email: user.email }, req.body.packId, req.headers[IDEMPOTENCY_HEADER]);
      },
    );

    app.post(
      '/wallet/premium',
      { preHandler: signedIn, schema: { tags, headers: idempotencyHeaders, response: { 200: premiumResponse, ...errorResponses('unauthorized', 'idempotency_conflict', 'insufficient_credits') } } },
      (req) => m.wallet.buyPremium(authOf(req).user.id, req.headers[IDEMPOTENCY_HEADER]),
    );
  };
}
