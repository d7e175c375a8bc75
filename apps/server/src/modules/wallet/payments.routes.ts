import { walletEndpoints as endpoints } from '@funkeln/contracts/routes/wallet';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { serve } from '../../platform/http/endpoints.js';
import { AppError } from '../../platform/http/errors.js';
import { WebhookSignatureError, type Payments } from './payment-provider.js';
import type { PurchasesService } from './purchases.service.js';

/**
 * POST /api/payments/stripe/webhook: the only way paid credits are booked. The signature is checked
 * over the raw body, so this plugin reads JSON as bytes (the contract's body: 'raw'). Without Stripe configured there is nothing
 * to receive: 404.
 */
export function paymentsRoutes(payments: Payments, purchases: PurchasesService): FastifyPluginAsyncZod {
  return async (app) => {
    app.addContentTypeParser('application/json', { parseAs: 'buffer', bodyLimit: 256 * 1024 }, (_req, body, done) => done(null, body));
    serve(app, endpoints.stripeWebhook, async (req) => {
      if (payments.mode !== 'stripe') throw new AppError('not_found');
      const signature = req.headers['stripe-signature'];
      let event;
      try {
        event = payments.provider.parseWebhook(req.body, typeof signature === 'string' ? signature : undefined);
      } catch (err) {
        if (err instanceof WebhookSignatureError) throw new AppError('bad_signature');
        throw err;
      }
      return { received: true, outcome: await purchases.handleEvent(event) };
    });
  };
}
