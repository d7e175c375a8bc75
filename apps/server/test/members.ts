import type { FastifyInstance } from 'fastify';
import type { Gender } from '@funkeln/contracts/profiles';
import type { Queryable } from '../src/db/client.js';
import type { EventBus } from '../src/platform/events/events.js';
import { bearer, register } from './harness.js';

export interface ApiMember {
  id: string;
  token: string;
  name: string;
}

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** app.inject with a member's token (and optional JSON body and headers). */
export function apiAs(app: FastifyInstance) {
  return (method: Method, url: string, token: string, payload?: object, headers: Record<string, string> = {}) =>
    app.inject({ method, url, headers: { ...bearer(token), ...headers }, ...(payload ? { payload } : {}) });
}

/** A member registered through the API with a profile (no photo), ready to write messages. */
export async function memberWithProfile(app: FastifyInstance, name: string, gender: Gender): Promise<ApiMember> {
  const api = apiAs(app);
  const { token } = await register(app, undefined, 'Kiwi-Wolke-Geheim-42', name);
  const id = (await api('GET', '/api/me', token)).json<{ id: string }>().id;
  const res = await api('PUT', '/api/me/profile', token, { birthDate: '1994-03-02', gender, interestedIn: ['female', 'male', 'diverse'], ageMin: 18, ageMax: 80 });
  if (res.statusCode !== 200) throw new Error(`profile failed: ${res.statusCode} ${res.body}`);
  return { id, token, name };
}

/** A member registered through the API with a confirmed address (as the mailed link does): rewards need one. */
export async function verifiedMember(app: FastifyInstance, q: Queryable): Promise<{ id: string; token: string }> {
  const { token, email } = await register(app);
  // Confirmed before the session is first used, so no cached session holds the unconfirmed row.
  await q.query('UPDATE users SET email_verified = true WHERE email = $1', [email]);
  const id = (await apiAs(app)('GET', '/api/me', token)).json<{ id: string }>().id;
  return { id, token };
}

/** Confirms a member's address as the mailed link does: the row changes and their cached sessions learn of it. */
export async function confirmEmail(c: { db: Queryable; events: EventBus }, id: string): Promise<void> {
  await c.db.query('UPDATE users SET email_verified = true WHERE id = $1', [id]);
  c.events.publish('users.changed', { userIds: [id] });
}

/** Buys a credit pack in the test mode (no money moves): how tests fund a wallet through the API. */
export async function buyPack(app: FastifyInstance, token: string, packId: 'starter' | 'beliebt' | 'pro' = 'beliebt'): Promise<number> {
  const res = await apiAs(app)('POST', '/api/wallet/purchases', token, { packId, withdrawalConsent: true });
  if (res.statusCode !== 200) throw new Error(`purchase failed: ${res.statusCode} ${res.body}`);
  return res.json<{ credits: number }>().credits;
}

/** Ledger invariants over the whole database: balanced transactions, exact cached balances. */
export async function ledgerProblems(q: Queryable): Promise<string[]> {
  const unbalanced = await q.query<{ id: string }>('SELECT transaction_id AS id FROM ledger_entries GROUP BY transaction_id HAVING sum(amount) <> 0');
  const cached = await q.query<{ id: number }>(
    `SELECT a.id FROM ledger_accounts a LEFT JOIN ledger_entries e ON e.account_id = a.id
      WHERE a.kind = 'wallet' GROUP BY a.id, a.balance, a.free
     HAVING a.balance <> COALESCE(sum(e.amount), 0) OR a.free <> COALESCE(sum(e.free), 0)`,
  );
  const negative = await q.query<{ id: number }>(
    `SELECT a.id FROM ledger_accounts a JOIN ledger_entries e ON e.account_id = a.id
      WHERE a.kind IN ('wallet', 'escrow') GROUP BY a.id HAVING sum(e.amount) < 0`,
  );
  const escrow = await q.query<{ held: number; open: number }>(
    `SELECT (SELECT COALESCE(sum(amount), 0)::int FROM ledger_entries WHERE account_id = 1) AS held,
            (SELECT COALESCE(sum(amount), 0)::int FROM escrows WHERE status = 'open') AS open`,
  );
  return [
    ...unbalanced.map((r) => `transaction ${r.id} does not sum to zero`),
    ...cached.map((r) => `wallet ${r.id}: cached balance or free part differs from its entries`),
    ...negative.map((r) => `account ${r.id} is below zero`),
    ...escrow.filter((r) => r.held !== r.open).map((r) => `escrow account holds ${r.held}, open escrows ${r.open}`),
  ];
}
