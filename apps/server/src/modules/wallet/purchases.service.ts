import { randomUUID } from 'node:crypto';
import type { LegalInfo } from '@funkeln/contracts/legal';
import { TERMS_VERSION } from '@funkeln/contracts/terms';
import { findPack, type PackId, type PurchaseResponse } from '@funkeln/contracts/wallet';
import { z } from 'zod';
import type { Db, Queryable } from '../../db/client.js';
import { AppError } from '../../platform/http/errors.js';
import { runIdempotent } from '../../platform/idempotency/idempotency.js';
import { enqueueMail } from '../../platform/mail/outbox.repo.js';
import { SYSTEM_ACCOUNTS, type Ledger, type Posted } from './ledger.service.js';
import type { PaymentEvent, Payments } from './payment-provider.js';
import { type ConfirmedPurchase, purchaseConfirmationMail } from './purchase-mail.js';
import * as repo from './purchases.repo.js';

export interface PurchasesLog {
  warn(obj: object, msg: string): void;
}

export type WebhookOutcome = 'booked' | 'duplicate' | 'ignored';

/** What PurchasesService is built from (named, so no call site depends on an argument order). */
export interface PurchasesServiceDeps {
  db: Db;
  ledger: Ledger;
  payments: Payments;
  publicUrl: string;
  /** The seller named in the order confirmation (the Impressum's operator). */
  operator: LegalInfo['operator'];
  log: PurchasesLog;
}

/** The buyer as the order confirmation addresses her. */
export interface Buyer {
  id: string;
  email: string;
  name: string;
}

/**
 * Credit packs. Credits are booked only from the payment provider's verified webhook (or at once in
 * the test mode, which exists only outside production), never from the browser's word.
 */
export class PurchasesService {
  private readonly db: Db;
  private readonly ledger: Ledger;
  private readonly payments: Payments;
  private readonly publicUrl: string;
  private readonly operator: LegalInfo['operator'];
  private readonly log: PurchasesLog;

  constructor(deps: PurchasesServiceDeps) {
    this.db = deps.db;
    this.ledger = deps.ledger;
    this.payments = deps.payments;
    this.publicUrl = deps.publicUrl;
    this.operator = deps.operator;
    this.log = deps.log;
  }

  /**
   * `withdrawalConsent`: the § 356 (5) BGB consent, required by the body's schema and recorded with
   * the purchase (the credits come at once, so the right of withdrawal ends with it).
   */
  async buy(user: Buyer, order: { packId: PackId; withdrawalConsent: true }, idempotencyKey?: string): Promise<PurchaseResponse> {
    const { packId } = order;
    const pack = findPack(packId);
    if (!pack) throw new AppError('unknown_pack');
    const payments = this.payments;
    if (payments.mode === 'none') throw new AppError('payments_unavailable');
    const request = { memberId: user.id, key: idempotencyKey, operation: 'wallet.purchase', body: { packId } };
    const testMode = payments.mode === 'test';
    const { result } = await runIdempotent(this.db, request, async (tx) => {
      const id = randomUUID();
      const provider = payments.mode === 'test' ? 'test' : 'stripe';
      const purchase = { id, memberId: user.id, packId, credits: pack.credits, priceCents: pack.priceCents, provider, paid: testMode, termsVersion: TERMS_VERSION } as const;
      const consentAt = await repo.insertPurchase(tx, purchase);
      if (!testMode) return { purchaseId: id, credits: 0 };
      const posted = await this.book(tx, id, user.id, pack.credits);
      await this.confirm(tx, user, { id, packId, credits: pack.credits, priceCents: pack.priceCents, paidAt: consentAt, consentAt });
      return { purchaseId: id, credits: await this.ledger.balanceAfter(tx, user.id, [posted]) };
    });
    if (payments.mode === 'test') return { mode: 'test', credits: result.credits, added: pack.credits };
    // The Checkout session is made after the commit (no transaction waits on the network); a
    // replayed request finds the session it made before.
    const purchase = await repo.findPurchase(this.db, result.purchaseId);
    if (purchase?.checkout_url) return { mode: 'stripe', checkoutUrl: purchase.checkout_url };
    const wallet = `${this.publicUrl}/wallet`;
    const session = await payments.provider.createCheckout({
      purchaseId: result.purchaseId,
      memberId: user.id,
      email: user.email,
      pack,
      successUrl: `${wallet}?purchase=success`,
      cancelUrl: `${wallet}?purchase=cancelled`,
    });
    await repo.setCheckout(this.db, result.purchaseId, session.providerRef, session.url);
    return { mode: 'stripe', checkoutUrl: session.url };
  }

  /** A verified webhook event: each event id is booked once, in the same transaction as its effect. */
  async handleEvent(event: PaymentEvent): Promise<WebhookOutcome> {
    if (event.kind === 'ignored') return 'ignored';
    return this.db.transaction(async (tx) => {
      if (!(await repo.recordEvent(tx, event.id, event.kind))) return 'duplicate';
      return event.kind === 'paid' ? this.paid(tx, event) : this.reversed(tx, event.paymentIntent);
    });
  }

  private async paid(tx: Queryable, event: Extract<PaymentEvent, { kind: 'paid' }>): Promise<WebhookOutcome> {
    // Other Checkout sessions on the same Stripe account may carry any reference, not only our ids.
    const ours = z.uuid().safeParse(event.purchaseId).success;
    const purchase = ours ? await repo.findPurchase(tx, event.purchaseId) : undefined;
    if (!purchase || purchase.status !== 'pending' || !purchase.user_id) return 'ignored';
    if (event.amountCents !== purchase.price_cents || event.currency.toLowerCase() !== 'eur') {
      this.log.warn({ purchaseId: purchase.id, amount: event.amountCents, currency: event.currency }, 'payment amount does not match the pack; not booked');
      return 'ignored';
    }
    const marked = await repo.markPaid(tx, purchase.id, event.providerRef, event.paymentIntent);
    if (!marked) return 'ignored';
    await this.book(tx, purchase.id, purchase.user_id, purchase.credits);
    const buyer = await repo.buyerOf(tx, purchase.user_id);
    if (buyer) {
      const confirmed = { id: purchase.id, packId: purchase.pack_id, credits: purchase.credits, priceCents: purchase.price_cents, paidAt: marked.paid_at ?? new Date(), consentAt: purchase.withdrawal_consent_at };
      await this.confirm(tx, buyer, confirmed);
    }
    return 'booked';
  }

  /**
   * A refund or dispute takes the pack's credits back, as far as the wallet still holds them (a
   * balance never goes below zero); reversed_credits on the purchase records what was taken back,
   * the rest had been spent already.
   */
  private async reversed(tx: Queryable, paymentIntent: string): Promise<WebhookOutcome> {
    const purchase = await repo.markReversed(tx, paymentIntent);
    if (!purchase?.user_id) return 'ignored';
    // Read under the wallet's lock: a spend in flight is waited for, so the posting below cannot overdraw.
    const take = Math.min(purchase.credits, await this.ledger.lockedBalance(tx, purchase.user_id));
    await this.ledger.post(tx, {
      kind: 'purchase.reversal',
      reference: purchase.id,
      legs: [
        { account: { wallet: purchase.user_id }, amount: -take, takeFirst: 'bought' },
        { account: SYSTEM_ACCOUNTS.sales, amount: take },
      ],
    });
    await repo.setReversedCredits(tx, purchase.id, take);
    return 'booked';
  }

  /** The order confirmation goes out with the booking (same transaction: booked, then mailed, or neither). */
  private confirm(tx: Queryable, buyer: Buyer, purchase: ConfirmedPurchase): Promise<void> {
    return enqueueMail(tx, purchaseConfirmationMail({ email: buyer.email, name: buyer.name }, purchase, this.operator, this.publicUrl));
  }

  private book(tx: Queryable, purchaseId: string, memberId: string, credits: number): Promise<Posted | undefined> {
    return this.ledger.post(tx, {
      kind: 'purchase',
      reference: purchaseId,
      legs: [
        { account: SYSTEM_ACCOUNTS.sales, amount: -credits },
        { account: { wallet: memberId }, amount: credits, free: 0 },
      ],
    });
  }
}
