import { idempotencyHeaders, premiumResponse, purchaseBody, purchaseResponse, rewardClaimBody, rewardClaimResponse, walletResponse } from '../wallet.js';
import { endpoint } from './define.js';

/** Credits: balance and history, rewards, packs, premium; Stripe's webhook books paid packs. */
export const walletEndpoints = {
  wallet: endpoint({ method: 'GET', path: '/api/wallet', auth: 'member', response: walletResponse, errors: [], tag: 'wallet' }),
  /** Free credits only for confirmed addresses: throwaway accounts are how rewards were farmed. */
  claimReward: endpoint({
    method: 'POST',
    path: '/api/rewards/claim',
    auth: 'verified',
    unverified: { of: 'reward' },
    headers: idempotencyHeaders,
    body: rewardClaimBody,
    response: rewardClaimResponse,
    errors: ['idempotency_conflict', 'not_eligible'],
    tag: 'wallet',
  }),
  buyPack: endpoint({
    method: 'POST',
    path: '/api/wallet/purchases',
    auth: 'member',
    headers: idempotencyHeaders,
    body: purchaseBody,
    response: purchaseResponse,
    errors: ['unknown_pack', 'payments_unavailable', 'idempotency_conflict'],
    tag: 'wallet',
  }),
  buyPremium: endpoint({
    method: 'POST',
    path: '/api/wallet/premium',
    auth: 'member',
    headers: idempotencyHeaders,
    response: premiumResponse,
    errors: ['idempotency_conflict', 'insufficient_credits'],
    tag: 'wallet',
  }),
  /** Signed by Stripe over the raw body (no JSON schema); 404 where Stripe is not configured. */
  stripeWebhook: endpoint({ method: 'POST', path: '/api/payments/stripe/webhook', auth: 'visitor', body: 'raw', errors: ['bad_signature', 'not_found'], tag: 'wallet', hidden: true }),
} as const;
