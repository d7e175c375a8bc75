import { randomBytes, randomUUID } from 'node:crypto';
import Stripe from 'stripe';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, PUBLIC_URL, register, type TestApp } from '../../../test/harness.js';
import { apiAs, confirmEmail, ledgerProblems } from '../../../test/members.js';
import { startStripeApi, type FakeCheckoutSession, type StripeApi } from '../../../test/stripe-api.js';
import { OPERATOR_ENV } from '../../../test/operator-env.js';
import { SYSTEM_ACCOUNTS } from './ledger.service.js';
import { createStripeProvider, WEBHOOK_TOLERANCE_SECONDS } from './stripe-provider.js';

const SECRET_KEY = `sk_test_${randomBytes(12).toString('hex')}`;
const WEBHOOK_SECRET = `whsec_${randomBytes(16).toString('hex')}`;
/** Only for the library's own signing helper; it never reaches the network. */
const stripeWebhooks = new Stripe('sk_test_signing_only').webhooks;

const BOUGHT = 'Credit-Paket gekauft';
const REVERSED = 'Kauf erstattet oder angefochten: Credits zurückgebucht';
const BAD_SIGNATURE = { error: 'bad_signature', message: 'Ungültige Webhook-Signatur.' };

type Wallet = { credits: number; history: { amount: number; label: string }[]; payments: string };

async function walletOf(t: TestApp, token: string) {
  const w = (await apiAs(t.app)('GET', '/api/wallet', token)).json<Wallet>();
  return { credits: w.credits, payments: w.payments, history: w.history.map((h) => [h.amount, h.label]) };
}

const buy = (t: TestApp, token: string, packId: string, headers: Record<string, string> = {}) =>
  apiAs(t.app)('POST', '/api/wallet/purchases', token, { packId, withdrawalConsent: true }, headers);

const purchaseRow = async (t: TestApp, id: string) =>
  (await t.c.db.query<{ status: string; reversed_credits: number; user_id: string }>('SELECT status, reversed_credits, user_id FROM purchases WHERE id = $1', [id]))[0];

/** After every test: each ledger transaction sums to zero and each cached wallet balance equals its entries. */
const expectBalancedLedger = async (t: TestApp) => expect(await ledgerProblems(t.c.db)).toEqual([]);

// --- Stripe events, as Stripe would sign and send them ---

const stripeId = (prefix: string) => `${prefix}_test_${randomBytes(8).toString('hex')}`;

function stripeEvent(type: string, object: object, id = stripeId('evt')) {
  return { id, object: 'event', api_version: '2025-10-29.clover', created: Math.floor(Date.now() / 1000), livemode: false, pending_webhooks: 1, type, data: { object } };
}

const paidSession = (session: FakeCheckoutSession, paymentIntent: string, changes: object = {}) =>
  ({ ...session, status: 'complete', payment_status: 'paid', payment_intent: paymentIntent, ...changes });
const refundedCharge = (paymentIntent: string) =>
  ({ id: stripeId('ch'), object: 'charge', payment_intent: paymentIntent, amount: 999, amount_refunded: 999, refunded: true, currency: 'eur' });
const dispute = (paymentIntent: string) =>
  ({ id: stripeId('dp'), object: 'dispute', charge: stripeId('ch'), payment_intent: paymentIntent, amount: 999, currency: 'eur', reason: 'fraudulent', status: 'needs_response' });

function sign(payload: string, options: { secret?: string; timestamp?: number } = {}): string {
  return stripeWebhooks.generateTestHeaderString({ payload, secret: options.secret ?? WEBHOOK_SECRET, timestamp: options.timestamp });
}

function postWebhook(t: TestApp, payload: string, signature?: string, headers: Record<string, string> = {}) {
  const signed = signature === undefined ? {} : { 'stripe-signature': signature };
  return t.app.inject({ method: 'POST', url: '/api/payments/stripe/webhook', payload, headers: { 'content-type': 'application/json; charset=utf-8', ...signed, ...headers } });
}

/** Delivers an event correctly signed; returns what the webhook answered. */
async function deliver(t: TestApp, event: object) {
  const payload = JSON.stringify(event);
  const res = await postWebhook(t, payload, sign(payload));
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ received: boolean; outcome: string }>().outcome;
}

describe('buying credits in the test mode (no Stripe, outside production)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterEach(() => expectBalancedLedger(t));
  afterAll(() => t.close());

  it('books the pack at once', async () => {
    const { token } = await register(t.app);
    const res = await buy(t, token, 'beliebt');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ mode: 'test', credits: 120, added: 120 });
    expect(await walletOf(t, token)).toEqual({ credits: 120, payments: 'test', history: [[120, BOUGHT]] });
  });

  it('replays a repeated Idempotency-Key and books the pack once', async () => {
    const { token } = await register(t.app);
    const key = { 'idempotency-key': randomUUID() };
    const first = await buy(t, token, 'beliebt', key);
    const again = await buy(t, token, 'beliebt', key);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(first.json());
    expect(await walletOf(t, token)).toMatchObject({ credits: 120, history: [[120, BOUGHT]] });
  });

  it('refuses the same Idempotency-Key for another pack (409)', async () => {
    const { token } = await register(t.app);
    const key = { 'idempotency-key': randomUUID() };
    await buy(t, token, 'starter', key);
    const other = await buy(t, token, 'pro', key);
    expect(other.statusCode).toBe(409);
    expect(other.json()).toEqual({ error: 'idempotency_conflict', message: 'Dieser Idempotency-Key wurde schon für eine andere Anfrage verwendet.' });
    expect((await walletOf(t, token)).credits).toBe(50);
  });

  it('refuses an unknown pack with a German message', async () => {
    const { token } = await register(t.app);
    const res = await buy(t, token, 'gratis');
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain('Unbekanntes Credit-Paket.');
    expect((await walletOf(t, token)).credits).toBe(0);
  });

  it('needs a signed-in member (401)', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/wallet/purchases', payload: { packId: 'beliebt' } });
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe('Bitte melde dich an.');
  });

  it('has no Stripe webhook to post to', async () => {
    expect((await postWebhook(t, '{}')).statusCode).toBe(404);
  });
});

describe('in production without Stripe', () => {
  let t: TestApp;
  beforeAll(async () => {
    // Production needs SMTP; nothing is sent here (the mail job is not started).
    t = await createTestApp({ NODE_ENV: 'production', SMTP_URL: 'smtp://127.0.0.1:2525', ...OPERATOR_ENV });
  });
  afterEach(() => expectBalancedLedger(t));
  afterAll(() => t.close());

  it('refuses to sell credits (503) and books nothing', async () => {
    expect(t.c.payments.mode).toBe('none');
    const { token } = await register(t.app);
    const res = await buy(t, token, 'beliebt');
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({ error: 'payments_unavailable', message: 'Käufe sind derzeit nicht möglich. Bitte versuche es später erneut.' });
    expect(await walletOf(t, token)).toEqual({ credits: 0, payments: 'none', history: [] });
    expect(await t.c.db.query('SELECT id FROM purchases')).toEqual([]);
  });
});

describe('buying credits with Stripe Checkout', () => {
  let t: TestApp;
  let stripeApi: StripeApi;
  beforeAll(async () => {
    stripeApi = await startStripeApi();
    const provider = createStripeProvider({ secretKey: SECRET_KEY, webhookSecret: WEBHOOK_SECRET, api: stripeApi.api });
    t = await createTestApp({}, {}, { payments: { mode: 'stripe', provider } });
  });
  afterEach(() => expectBalancedLedger(t));
  afterAll(async () => {
    await t.close();
    await stripeApi.close();
  });

  /** A member who was sent to Stripe Checkout for a pack; paymentIntent is what Stripe will report. */
  async function checkout(packId = 'beliebt') {
    const { token, email } = await register(t.app);
    const res = await buy(t, token, packId);
    expect(res.statusCode, res.body).toBe(200);
    const { checkoutUrl } = res.json<{ checkoutUrl: string }>();
    const session = stripeApi.sessionAt(checkoutUrl);
    return { token, email, checkoutUrl, session, purchaseId: session.client_reference_id ?? '', paymentIntent: stripeId('pi') };
  }
  type Checkout = Awaited<ReturnType<typeof checkout>>;

  const completed = (c: Checkout, changes: object = {}) => stripeEvent('checkout.session.completed', paidSession(c.session, c.paymentIntent, changes));
  const pay = (c: Checkout) => deliver(t, completed(c));

  it('sends the member to Stripe Checkout for the pack and books nothing yet', async () => {
    const requestsBefore = stripeApi.requests.length;
    const c = await checkout('beliebt');
    expect(c.checkoutUrl).toMatch(/^https:\/\/checkout\.stripe\.test\/c\/pay\/cs_test_/);

    expect(stripeApi.requests).toHaveLength(requestsBefore + 1);
    const sent = stripeApi.requests.at(-1);
    expect(sent).toMatchObject({ method: 'POST', path: '/v1/checkout/sessions' });
    expect(sent?.headers.authorization).toBe(`Bearer ${SECRET_KEY}`);
    expect(sent?.headers['idempotency-key']).toBe(`checkout-${c.purchaseId}`);
    expect(sent?.form).toMatchObject({
      mode: 'payment',
      client_reference_id: c.purchaseId,
      customer_email: c.email,
      'line_items[0][quantity]': '1',
      'line_items[0][price_data][unit_amount]': '999',
      'line_items[0][price_data][currency]': 'eur',
      'metadata[packId]': 'beliebt',
      success_url: `${PUBLIC_URL}/wallet?purchase=success`,
      cancel_url: `${PUBLIC_URL}/wallet?purchase=cancelled`,
    });

    const me = (await apiAs(t.app)('GET', '/api/me', c.token)).json<{ id: string }>();
    expect(await purchaseRow(t, c.purchaseId)).toMatchObject({ status: 'pending', user_id: me.id });
    expect(await walletOf(t, c.token)).toEqual({ credits: 0, payments: 'stripe', history: [] });
  });

  it('opens one Checkout session for a repeated Idempotency-Key', async () => {
    const { token } = await register(t.app);
    const key = { 'idempotency-key': randomUUID() };
    const sessionsBefore = stripeApi.sessions.length;
    const first = await buy(t, token, 'pro', key);
    const again = await buy(t, token, 'pro', key);
    expect(again.json()).toEqual(first.json());
    expect(first.json()).toEqual({ mode: 'stripe', checkoutUrl: expect.stringMatching(/^https:\/\/checkout\.stripe\.test\//) });
    expect(stripeApi.sessions).toHaveLength(sessionsBefore + 1);
  });

  it('books the pack from a signed checkout.session.completed', async () => {
    const c = await checkout();
    expect(await pay(c)).toBe('booked');
    expect(await walletOf(t, c.token)).toMatchObject({ credits: 120, history: [[120, BOUGHT]] });
    expect((await purchaseRow(t, c.purchaseId))?.status).toBe('paid');
  });

  it('books an event id once, however often Stripe delivers it', async () => {
    const c = await checkout();
    const event = completed(c);
    expect(await deliver(t, event)).toBe('booked');
    expect(await deliver(t, event)).toBe('duplicate');
    expect((await walletOf(t, c.token)).credits).toBe(120);
  });

  it('sends the order confirmation with the booking, once, not at Checkout (issue 57: § 312f BGB)', async () => {
    const confirmations = async (email: string) =>
      (await t.c.db.query<{ subject: string; text_body: string }>("SELECT subject, text_body FROM mail_outbox WHERE to_address = $1 AND subject LIKE 'Deine Bestellbestätigung%'", [email]));
    const c = await checkout();
    expect(await confirmations(c.email)).toEqual([]);
    const event = completed(c);
    expect(await deliver(t, event)).toBe('booked');
    expect(await deliver(t, event)).toBe('duplicate');
    expect(await pay(c)).toBe('ignored');
    const mails = await confirmations(c.email);
    expect(mails.map((m) => m.subject)).toEqual(['Deine Bestellbestätigung: Beliebt (120 Credits)']);
    expect(mails[0]!.text_body).toContain(`Bestellnummer: ${c.purchaseId}`);
    expect(mails[0]!.text_body).toContain('dein Widerrufsrecht für diesen Kauf ist damit erloschen');
  });

  it('books a session once, even when another event id reports it paid', async () => {
    const c = await checkout();
    expect(await pay(c)).toBe('booked');
    expect(await pay(c)).toBe('ignored');
    expect(await deliver(t, stripeEvent('checkout.session.async_payment_succeeded', paidSession(c.session, c.paymentIntent)))).toBe('ignored');
    expect(await walletOf(t, c.token)).toMatchObject({ credits: 120, history: [[120, BOUGHT]] });
  });

  it('waits for a delayed payment and books it on async_payment_succeeded', async () => {
    const c = await checkout();
    expect(await deliver(t, completed(c, { payment_status: 'unpaid' }))).toBe('ignored');
    expect((await walletOf(t, c.token)).credits).toBe(0);
    expect(await deliver(t, stripeEvent('checkout.session.async_payment_succeeded', paidSession(c.session, c.paymentIntent)))).toBe('booked');
    expect((await walletOf(t, c.token)).credits).toBe(120);
  });

  it('refuses a wrong or missing signature with 400 and books nothing', async () => {
    const c = await checkout();
    const payload = JSON.stringify(completed(c));
    for (const signature of [sign(payload, { secret: `whsec_${randomBytes(16).toString('hex')}` }), undefined, 't=1,v1=00', 'kaputt']) {
      const res = await postWebhook(t, payload, signature);
      expect(res.statusCode, String(signature)).toBe(400);
      expect(res.json()).toEqual(BAD_SIGNATURE);
    }
    expect((await walletOf(t, c.token)).credits).toBe(0);
    // A refused delivery does not use up the event: the genuine one still books.
    expect((await postWebhook(t, payload, sign(payload))).json()).toEqual({ received: true, outcome: 'booked' });
  });

  it('refuses a signature older than 300 s (a replayed delivery)', async () => {
    const c = await checkout();
    const payload = JSON.stringify(completed(c));
    const now = Math.floor(Date.now() / 1000);
    const res = await postWebhook(t, payload, sign(payload, { timestamp: now - WEBHOOK_TOLERANCE_SECONDS - 60 }));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(BAD_SIGNATURE);
    expect((await walletOf(t, c.token)).credits).toBe(0);
    expect((await purchaseRow(t, c.purchaseId))?.status).toBe('pending');
    // Within the window, the same delivery is accepted.
    const recent = await postWebhook(t, payload, sign(payload, { timestamp: now - WEBHOOK_TOLERANCE_SECONDS + 60 }));
    expect(recent.json()).toEqual({ received: true, outcome: 'booked' });
  });

  it('refuses a body changed after signing', async () => {
    const cheap = await checkout('starter');
    const dear = await checkout('pro');
    // Signed for the starter pack; then pointed at the pro purchase with its price.
    const payload = JSON.stringify(completed(cheap));
    const tampered = payload.replace(cheap.purchaseId, dear.purchaseId).replace('"amount_total":499', '"amount_total":1999');
    expect(tampered).not.toBe(payload);
    const res = await postWebhook(t, tampered, sign(payload));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(BAD_SIGNATURE);
    expect((await walletOf(t, dear.token)).credits).toBe(0);
    expect((await walletOf(t, cheap.token)).credits).toBe(0);
  });

  it('does not book a payment whose amount or currency differs from the pack', async () => {
    const c = await checkout('beliebt');
    expect(await deliver(t, completed(c, { amount_total: 499 }))).toBe('ignored');
    expect(await deliver(t, completed(c, { currency: 'usd' }))).toBe('ignored');
    expect((await walletOf(t, c.token)).credits).toBe(0);
    expect((await purchaseRow(t, c.purchaseId))?.status).toBe('pending');
  });

  it('acknowledges events for unknown purchases or of other kinds and books nothing', async () => {
    const c = await checkout();
    for (const reference of [randomUUID(), 'bestellung-4711']) {
      expect(await deliver(t, completed(c, { client_reference_id: reference })), reference).toBe('ignored');
    }
    expect(await deliver(t, stripeEvent('charge.refunded', refundedCharge(stripeId('pi'))))).toBe('ignored');
    expect(await deliver(t, stripeEvent('payment_intent.succeeded', { id: c.paymentIntent, object: 'payment_intent', amount: 999 }))).toBe('ignored');
    expect((await walletOf(t, c.token)).credits).toBe(0);
    expect((await purchaseRow(t, c.purchaseId))?.status).toBe('pending');
  });

  it('takes the credits back on a refund, once', async () => {
    const c = await checkout();
    await pay(c);
    const refund = stripeEvent('charge.refunded', refundedCharge(c.paymentIntent));
    expect(await deliver(t, refund)).toBe('booked');
    expect(await deliver(t, refund)).toBe('duplicate');
    expect(await walletOf(t, c.token)).toMatchObject({ credits: 0, history: [[-120, REVERSED], [120, BOUGHT]] });
    expect(await purchaseRow(t, c.purchaseId)).toMatchObject({ status: 'reversed', reversed_credits: 120 });
  });

  it('takes back only what is left after spending: the balance goes to 0, never below', async () => {
    await t.c.settings.update({ PREMIUM_PRICE_CREDITS: '100' });
    try {
      const c = await checkout();
      await pay(c);
      expect((await apiAs(t.app)('POST', '/api/wallet/premium', c.token)).json()).toMatchObject({ credits: 20 });
      expect(await deliver(t, stripeEvent('charge.refunded', refundedCharge(c.paymentIntent)))).toBe('booked');
      expect(await walletOf(t, c.token)).toMatchObject({ credits: 0, history: [[-20, REVERSED], [-100, 'Premium für 30 Tage'], [120, BOUGHT]] });
      // 20 of the pack's 120 credits could be taken back; the other 100 had been spent.
      expect(await purchaseRow(t, c.purchaseId)).toMatchObject({ status: 'reversed', reversed_credits: 20 });
    } finally {
      await t.c.settings.update({ PREMIUM_PRICE_CREDITS: '300' });
    }
  });

  it('waits for a spend in flight when a refund arrives, and takes back what is left', async () => {
    const c = await checkout();
    await pay(c);
    const memberId = (await purchaseRow(t, c.purchaseId))!.user_id;
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    let holding!: () => void;
    const held = new Promise<void>((resolve) => (holding = resolve));
    // A spend of 100 that has locked the wallet and not committed yet.
    const spend = t.c.db.transaction(async (tx) => {
      await t.c.ledger.post(tx, { kind: 'premium', legs: [{ account: { wallet: memberId }, amount: -100 }, { account: SYSTEM_ACCOUNTS.spending, amount: 100 }] });
      holding();
      await gate;
    });
    await held;
    const refund = deliver(t, stripeEvent('charge.refunded', refundedCharge(c.paymentIntent)));
    // Long enough for the webhook to have read the balance, were it read without the lock.
    await new Promise((resolve) => setTimeout(resolve, 300));
    release();
    await spend;
    expect(await refund).toBe('booked');
    expect((await walletOf(t, c.token)).credits).toBe(0);
    expect(await purchaseRow(t, c.purchaseId)).toMatchObject({ status: 'reversed', reversed_credits: 20 });
  });

  it('takes the pack credits back on a dispute, once, and leaves other credits alone', async () => {
    const c = await checkout();
    await confirmEmail(t.c, (await apiAs(t.app)('GET', '/api/me', c.token)).json<{ id: string }>().id);
    expect((await apiAs(t.app)('POST', '/api/rewards/claim', c.token, { type: 'login' })).statusCode).toBe(200);
    await pay(c);
    expect((await walletOf(t, c.token)).credits).toBe(130);
    const disputed = stripeEvent('charge.dispute.created', dispute(c.paymentIntent));
    expect(await deliver(t, disputed)).toBe('booked');
    expect(await deliver(t, disputed)).toBe('duplicate');
    // A later refund of the same payment finds nothing left to reverse.
    expect(await deliver(t, stripeEvent('charge.refunded', refundedCharge(c.paymentIntent)))).toBe('ignored');
    expect(await walletOf(t, c.token)).toMatchObject({ credits: 10, history: [[-120, REVERSED], [120, BOUGHT], [10, 'Tägliche Login-Belohnung']] });
    expect(await purchaseRow(t, c.purchaseId)).toMatchObject({ status: 'reversed', reversed_credits: 120 });
  });

  it('never books from the browser: only the signed webhook books a Stripe purchase', async () => {
    const c = await checkout();
    const payload = JSON.stringify(completed(c));
    // The member's own session does not stand in for Stripe's signature.
    const res = await postWebhook(t, payload, undefined, { authorization: `Bearer ${c.token}` });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(BAD_SIGNATURE);
    for (const url of [`/api/wallet/purchases/${c.purchaseId}`, `/api/wallet/purchases/${c.purchaseId}/confirm`, `/api/payments/stripe/success`]) {
      expect((await apiAs(t.app)('POST', url, c.token, {})).statusCode, url).toBe(404);
    }
    expect((await walletOf(t, c.token)).credits).toBe(0);
    expect((await purchaseRow(t, c.purchaseId))?.status).toBe('pending');
  });
});
