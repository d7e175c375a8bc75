import type { CreditPack } from '@funkeln/contracts/wallet';

/** What a verified provider event means for us; anything else is acknowledged and ignored. */
export type PaymentEvent =
  | { id: string; kind: 'paid'; purchaseId: string; providerRef: string; paymentIntent: string | null; amountCents: number; currency: string }
  | { id: string; kind: 'reversed'; paymentIntent: string; reason: 'refund' | 'dispute' }
  | { id: string; kind: 'ignored'; type: string };

export interface CheckoutRequest {
  purchaseId: string;
  memberId: string;
  email: string;
  pack: CreditPack;
  successUrl: string;
  cancelUrl: string;
}

/** A real payment provider (Stripe Checkout): money moves on its pages, credits only from its webhook. */
export interface PaymentProvider {
  readonly name: 'stripe';
  createCheckout(req: CheckoutRequest): Promise<{ url: string; providerRef: string }>;
  /** Verifies the signature (and its age) of a webhook delivery; throws WebhookSignatureError otherwise. */
  parseWebhook(rawBody: Buffer, signature: string | undefined): PaymentEvent;
}

export class WebhookSignatureError extends Error {}

/**
 * How this server takes money: a real provider, the clearly labelled test mode (books a pack at
 * once; never in production) or not at all.
 */
export type Payments = { mode: 'stripe'; provider: PaymentProvider } | { mode: 'test' } | { mode: 'none' };
