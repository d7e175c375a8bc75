import type { Queryable } from '../../db/client.js';

export type PurchaseRow = {
  id: string;
  user_id: string | null;
  pack_id: string;
  credits: number;
  price_cents: number;
  status: 'pending' | 'paid' | 'reversed';
  checkout_url: string | null;
};

const COLUMNS = 'id, user_id, pack_id, credits, price_cents, status, checkout_url';

export async function insertPurchase(
  q: Queryable,
  p: { id: string; userId: string; packId: string; credits: number; priceCents: number; provider: 'test' | 'stripe'; paid: boolean },
): Promise<void> {
  await q.query(
    `INSERT INTO purchases (id, user_id, pack_id, credits, price_cents, provider, status, paid_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, CASE WHEN $7 = 'paid' THEN now() END)`,
    [p.id, p.userId, p.packId, p.credits, p.priceCents, p.provider, p.paid ? 'paid' : 'pending'],
  );
}

export async function findPurchase(q: Queryable, id: string): Promise<PurchaseRow | undefined> {
  return (await q.query<PurchaseRow>(`SELECT ${COLUMNS} FROM purchases WHERE id = $1`, [id]))[0];
}

export async function setCheckout(q: Queryable, id: string, providerRef: string, url: string): Promise<void> {
  await q.query('UPDATE purchases SET provider_ref = $2, checkout_url = $3 WHERE id = $1', [id, providerRef, url]);
}

/** pending -> paid, once; undefined if it was not pending. */
export async function markPaid(q: Queryable, id: string, providerRef: string, paymentIntent: string | null): Promise<PurchaseRow | undefined> {
  const rows = await q.query<PurchaseRow>(
    `UPDATE purchases SET status = 'paid', paid_at = now(), provider_ref = $2, payment_intent = $3
      WHERE id = $1 AND status = 'pending' RETURNING ${COLUMNS}`,
    [id, providerRef, paymentIntent],
  );
  return rows[0];
}

/** paid -> reversed, once; undefined if it was not paid. */
export async function markReversed(q: Queryable, paymentIntent: string): Promise<PurchaseRow | undefined> {
  const rows = await q.query<PurchaseRow>(
    `UPDATE purchases SET status = 'reversed' WHERE payment_intent = $1 AND status = 'paid' RETURNING ${COLUMNS}`,
    [paymentIntent],
  );
  return rows[0];
}

export async function setReversedCredits(q: Queryable, id: string, credits: number): Promise<void> {
  await q.query('UPDATE purchases SET reversed_credits = $2 WHERE id = $1', [id, credits]);
}

/** Records a webhook event id; false when it was booked before. */
export async function recordEvent(q: Queryable, eventId: string, type: string): Promise<boolean> {
  const rows = await q.query('INSERT INTO payment_events (event_id, type) VALUES ($1, $2) ON CONFLICT DO NOTHING RETURNING event_id', [eventId, type]);
  return rows.length === 1;
}
