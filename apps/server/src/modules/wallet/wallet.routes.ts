import { errorBody } from '@funkeln/contracts/errors';
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

const errors = { 400: errorBody, 401: errorBody, 402: errorBody, 403: errorBody, 409: errorBody, 429: errorBody, 503: errorBody };

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

    app.get('/wallet', { preHandler: signedIn, schema: { tags, response: { 200: walletResponse, ...errors } } }, (req) =>
      m.wallet.wallet(authOf(req).user.id),
    );

    app.post(
      '/rewards/claim',
      { preHandler: signedIn, schema: { tags, headers: idempotencyHeaders, body: rewardClaimBody, response: { 200: rewardClaimResponse, ...errors } } },
      (req) => m.rewards.claim(authOf(req).user.id, req.body.type, req.headers[IDEMPOTENCY_HEADER]),
    );

    app.post(
      '/wallet/purchases',
      { preHandler: signedIn, schema: { tags, headers: idempotencyHeaders, body: purchaseBody, response: { 200: purchaseResponse, ...errors } } },
      (req) => {
        const { user } = authOf(req);
        return m.purchases.buy({ id: user.id, email: user.email }, req.body.packId, req.headers[IDEMPOTENCY_HEADER]);
      },
    );

    app.post(
      '/wallet/premium',
      { preHandler: signedIn, schema: { tags, headers: idempotencyHeaders, response: { 200: premiumResponse, ...errors } } },
      (req) => m.wallet.buyPremium(authOf(req).user.id, req.headers[IDEMPOTENCY_HEADER]),
    );
  };
}
