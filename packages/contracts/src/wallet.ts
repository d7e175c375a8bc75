import { z } from 'zod';
import { WITHDRAWAL_CONSENT_MISSING } from './terms.js';

/** Spec 9: the three credit packs, defined once; prices in euro cents. */
export const creditPacks = [
  { id: 'starter', name: 'Starter', priceCents: 499, credits: 50, highlighted: false },
  { id: 'beliebt', name: 'Beliebt', priceCents: 999, credits: 120, highlighted: true },
  { id: 'pro', name: 'Pro', priceCents: 1999, credits: 260, highlighted: false },
] as const;
export type CreditPack = (typeof creditPacks)[number];
export const packIds = ['starter', 'beliebt', 'pro'] as const;
export type PackId = (typeof packIds)[number];

export function findPack(id: string): CreditPack | undefined {
  return creditPacks.find((p) => p.id === id);
}

/** '4,99 EUR' (spec wording). */
export function formatEuro(cents: number): string {
  return `${(cents / 100).toFixed(2).replace('.', ',')} EUR`;
}

/**
 * What `credits` cost in euro cents bought through the packs: from the pack with the lowest price per
 * credit to the one with the highest (Premium's euro equivalent, stated beside its credit price).
 */
export function euroRangeOf(credits: number): { fromCents: number; toCents: number } {
  const perCredit = creditPacks.map((pack) => pack.priceCents / pack.credits);
  return { fromCents: Math.round(credits * Math.min(...perCredit)), toCents: Math.round(credits * Math.max(...perCredit)) };
}

export const PREMIUM_DAYS = 30;

/** Header on spending, claiming and buying requests: the same key replays the first answer. */
export const IDEMPOTENCY_HEADER = 'idempotency-key';
export const idempotencyHeaders = z.object({
  [IDEMPOTENCY_HEADER]: z
    .string()
    .regex(/^[\x21-\x7e]{1,200}$/, 'Der Idempotency-Key muss 1 bis 200 sichtbare ASCII-Zeichen lang sein.')
    .optional(),
});

export const historyItem = z.object({
  id: z.string(),
  at: z.string(),
  /** Signed: positive credits came in, negative went out. */
  amount: z.number().int(),
  label: z.string(),
});
export type HistoryItem = z.infer<typeof historyItem>;

export const rewardTypes = ['login', 'upload_photo', 'get_vote'] as const;
export type RewardType = (typeof rewardTypes)[number];

/**
 * Where a reward stands for the member now: `open` (a claim pays `amount`), `claimed` (for this
 * Berlin day, or for good for the one-off upload reward) or `waiting` (not earned yet: no approved
 * photo, no vote today, or the address not confirmed). `nextAt`: when a claimed daily reward opens
 * again (the next Berlin midnight); null otherwise.
 */
export const rewardStatus = z.object({
  type: z.enum(rewardTypes),
  amount: z.number().int().min(0),
  state: z.enum(['open', 'claimed', 'waiting']),
  nextAt: z.string().nullable(),
});
export type RewardStatus = z.infer<typeof rewardStatus>;

/** GET /api/wallet */
export const walletResponse = z.object({
  credits: z.number().int().min(0),
  /** The part of credits that was not bought (rewards, collected prepaid replies): docs/CREDITS.md. */
  freeCredits: z.number().int().min(0),
  /** How many free credits may still go out as prepaid replies today (PREPAID_FREE_CREDITS_PER_DAY). */
  freePassLeftToday: z.number().int().min(0),
  premiumUntil: z.string().nullable(),
  /** What 30 days of premium cost in credits (PREMIUM_PRICE_CREDITS), shown before buying. */
  premiumPrice: z.number().int().min(1),
  history: z.array(historyItem),
  /** 'test' books packs at once without money (outside production); 'stripe' redirects to Checkout. */
  payments: z.enum(['test', 'stripe', 'none']),
  /** The three rewards in the spec's order (login, upload_photo, get_vote), each with its state. */
  rewards: z.array(rewardStatus),
});
export type WalletResponse = z.infer<typeof walletResponse>;

export const rewardClaimBody = z.object({
  type: z.enum(rewardTypes, { error: 'Unbekannte Belohnung. Erlaubt sind login, upload_photo und get_vote.' }),
});
export const rewardClaimResponse = z.object({ amount: z.number().int().min(0) });
export type RewardClaimResponse = z.infer<typeof rewardClaimResponse>;

/** POST /api/wallet/purchases */
export const purchaseBody = z.object({
  packId: z.enum(packIds, { error: 'Unbekanntes Credit-Paket.' }),
  /** § 356 (5) BGB: she agreed to the credits at once and the end of her right of withdrawal (terms.ts). */
  withdrawalConsent: z.literal(true, { error: WITHDRAWAL_CONSENT_MISSING }),
});
export const purchaseResponse = z.discriminatedUnion('mode', [
  z.object({ mode: z.literal('test'), credits: z.number().int(), added: z.number().int() }),
  z.object({ mode: z.literal('stripe'), checkoutUrl: z.string() }),
]);
export type PurchaseResponse = z.infer<typeof purchaseResponse>;

/** POST /api/wallet/premium: 30 days of premium for PREMIUM_PRICE_CREDITS credits. */
export const premiumResponse = z.object({ credits: z.number().int(), premiumUntil: z.string() });
export type PremiumResponse = z.infer<typeof premiumResponse>;

export const purchaseReturnQuery = z.object({ purchase: z.enum(['success', 'cancelled']).optional() });
