import { credits } from '@funkeln/contracts/plural';
import Stripe from 'stripe';
import { WebhookSignatureError, type CheckoutRequest, type PaymentEvent, type PaymentProvider } from './payment-provider.js';

/** Stripe's default tolerance for webhook signatures: older deliveries are refused (replays). */
export const WEBHOOK_TOLERANCE_SECONDS = 300;

export interface StripeOptions {
  secretKey: string;
  webhookSecret: string;
  /** Where the Stripe API is reached; tests point this at a local server. */
  api?: { host: string; port: number; protocol: 'http' | 'https' };
}

const idOf = (v: string | { id: string } | null | undefined): string | null => (v == null ? null : typeof v === 'string' ? v : v.id);

/** Stripe Checkout: the member pays on Stripe's page; credits come only from the signed webhook. */
export function createStripeProvider(options: StripeOptions): PaymentProvider {
  const stripe = new Stripe(options.secretKey, { ...options.api, maxNetworkRetries: 2, timeout: 20_000 });
  return {
    name: 'stripe',
    async createCheckout(req: CheckoutRequest) {
      const session = await stripe.checkout.sessions.create(
        {
          mode: 'payment',
          client_reference_id: req.purchaseId,
          customer_email: req.email,
          line_items: [
            {
              quantity: 1,
              price_data: {
                currency: 'eur',
                unit_amount: req.pack.priceCents,
                product_data: { name: `Funkeln ${req.pack.name}: ${credits(req.pack.credits)}` },
              },
            },
          ],
          metadata: { purchaseId: req.purchaseId, packId: req.pack.id },
          success_url: req.successUrl,
          cancel_url: req.cancelUrl,
          locale: 'de',
        },
        { idempotencyKey: `checkout-${req.purchaseId}` },
      );
      if (!session.url) throw new Error('Stripe returned a Checkout session without a URL');
      return { url: session.url, providerRef: session.id };
    },
    parseWebhook(rawBody: Buffer, signature: string | undefined): PaymentEvent {
      let event: Stripe.Event;
      try {
        event = stripe.webhooks.constructEvent(rawBody, signature ?? '', options.webhookSecret, WEBHOOK_TOLERANCE_SECONDS);
      } catch (err) {
        throw new WebhookSignatureError(err instanceof Error ? err.message : 'invalid signature');
      }
      return toPaymentEvent(event);
    },
  };
}

function toPaymentEvent(event: Stripe.Event): PaymentEvent {
  switch (event.type) {
    case 'checkout.session.completed':
    case 'checkout.session.async_payment_succeeded': {
      const s = event.data.object;
      if (s.payment_status !== 'paid' || !s.client_reference_id) return { id: event.id, kind: 'ignored', type: event.type };
      return {
        id: event.id,
        kind: 'paid',
        purchaseId: s.client_reference_id,
        providerRef: s.id,
        paymentIntent: idOf(s.payment_intent),
        amountCents: s.amount_total ?? 0,
        currency: s.currency ?? '',
      };
    }
    case 'charge.refunded': {
      const paymentIntent = idOf(event.data.object.payment_intent);
      return paymentIntent ? { id: event.id, kind: 'reversed', paymentIntent, reason: 'refund' } : { id: event.id, kind: 'ignored', type: event.type };
    }
    case 'charge.dispute.created': {
      const paymentIntent = idOf(event.data.object.payment_intent);
      return paymentIntent ? { id: event.id, kind: 'reversed', paymentIntent, reason: 'dispute' } : { id: event.id, kind: 'ignored', type: event.type };
    }
    default:
      return { id: event.id, kind: 'ignored', type: event.type };
  }
}
