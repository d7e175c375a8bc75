import type { FastifyPluginAsync } from 'fastify';
import { AppError } from '../../platform/errors.js';
import { WebhookSignatureError, type PaymentProvider } from './payment-provider.js';
import type { PurchasesService } from './purchases.service.js';

/**
 * POST /api/payments/stripe/webhook: the only way paid credits are booked. The signature is checked
 * over the raw body, so this plugin reads JSON as bytes.
 */
export function paymentsRoutes(provider: PaymentProvider, purchases: PurchasesService): FastifyPluginAsync {
  return async (app) => {
    app.addContentTypeParser('application/json', { parseAs: 'buffer', bodyLimit: 256 * 1024 }, (_req, body, done) => done(null, body));
    app.post('/payments/stripe/webhook', { schema: { hide: true } }, async (req) => {
      const signature = req.headers['stripe-signature'];
      let event;
      try {
        event = provider.parseWebhook(req.body as Buffer, typeof signature === 'string' ? signature : undefined);
      } catch (err) {
        if (err instanceof WebhookSignatureError) throw new AppError('bad_signature');
        throw err;
      }
      return { received: true, outcome: await purchases.handleEvent(event) };
    });
  };
}
