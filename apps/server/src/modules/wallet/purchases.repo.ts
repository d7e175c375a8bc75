import type { Queryable } from '../../db/client.js';
import { now, typed } from '../../db/kysely.js';

const COLUMNS = ['id', 'user_id', 'pack_id', 'credits', 'price_cents', 'status', 'checkout_url', 'withdrawal_consent_at'] as const;

/** Inserts the purchase with the withdrawal consent of its request; returns the time of that consent. */
export async function insertPurchase(
  q: Queryable,
  p: { id: string; memberId: string; packId: string; credits: number; priceCents: number; provider: 'test' | 'stripe'; paid: boolean; termsVersion: string },
): Promise<Date> {
  const row = await typed(q)
    .insertInto('purchases')
    .values({
      id: p.id,
      user_id: p.memberId,
      pack_id: p.packId,
      credits: p.credits,
      price_cents: p.priceCents,
      provider: p.provider,
      status: p.paid ? 'paid' : 'pending',
      paid_at: p.paid ? now() : null,
      withdrawal_consent_at: now(),
      terms_version: p.termsVersion,
    })
    .returning('withdrawal_consent_at')
    .executeTakeFirstOrThrow();
  return row.withdrawal_consent_at ?? new Date();
}

export function findPurchase(q: Queryable, id: string) {
  return typed(q).selectFrom('purchases').select(COLUMNS).where('id', '=', id).executeTakeFirst();
}

export async function setCheckout(q: Queryable, id: string, providerRef: string, url: string): Promise<void> {
  await typed(q).updateTable('purchases').set({ provider_ref: providerRef, checkout_url: url }).where('id', '=', id).execute();
}

/** pending -> paid, once; undefined if it was not pending. */
export function markPaid(q: Queryable, id: string, providerRef: string, paymentIntent: string | null) {
  return typed(q)
    .updateTable('purchases')
    .set({ status: 'paid', paid_at: now(), provider_ref: providerRef, payment_intent: paymentIntent })
    .where('id', '=', id)
    .where('status', '=', 'pending')
    .returning([...COLUMNS, 'paid_at'])
    .executeTakeFirst();
}

/** paid -> reversed, once; undefined if it was not paid. */
export function markReversed(q: Queryable, paymentIntent: string) {
  return typed(q)
    .updateTable('purchases')
    .set({ status: 'reversed' })
    .where('payment_intent', '=', paymentIntent)
    .where('status', '=', 'paid')
    .returning(COLUMNS)
    .executeTakeFirst();
}

export async function setReversedCredits(q: Queryable, id: string, credits: number): Promise<void> {
  await typed(q).updateTable('purchases').set({ reversed_credits: credits }).where('id', '=', id).execute();
}

/** Records a webhook event id; false when it was booked before. */
export async function recordEvent(q: Queryable, eventId: string, type: string): Promise<boolean> {
  const row = await typed(q)
    .insertInto('payment_events')
    .values({ event_id: eventId, type })
    .onConflict((oc) => oc.doNothing())
    .returning('event_id')
    .executeTakeFirst();
  return row !== undefined;
}

/** Whom the order confirmation goes to; undefined once the account is erased. */
export async function buyerOf(q: Queryable, memberId: string): Promise<{ id: string; email: string; name: string } | undefined> {
  return typed(q).selectFrom('users').select(['id', 'email', 'display_name as name']).where('id', '=', memberId).executeTakeFirst();
}
