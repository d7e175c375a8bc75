import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness.js';
import { apiAs, ledgerProblems, memberWithProfile, type ApiMember } from '../../../test/members.js';

/**
 * Model test of the credits: random sequences of claims, purchases, messages with and without
 * prepaid replies, replies, expiries (refunds), premium and retries, run against the real API.
 * After every step the ledger must balance, no balance may be negative, cached balances must equal
 * their entries, and every wallet must hold exactly what the model says, bought and free credits
 * apart (docs/CREDITS.md: spending takes free credits first, prepaid replies bought ones first and
 * pass at most FREE_CAP free credits a day).
 */
let t: TestApp;
let api: ReturnType<typeof apiAs>;

const COST = 5; // CREDIT_COST_PER_MESSAGE_MALE (default)
const LIMIT = 3; // WOMAN_DAILY_REPLY_LIMIT, small so the limit is reached (replies only)
const PREMIUM = 40;
const FREE_CAP = 15; // PREPAID_FREE_CREDITS_PER_DAY, small so the cap is reached
const packs = { starter: 50, beliebt: 120, pro: 260 } as const;
type Pack = keyof typeof packs;
const genders = ['male', 'female', 'diverse'] as const; // diverse follows the daily limit (default rule)

interface Wallet {
  bought: number;
  free: number;
}
interface Model {
  wallets: Wallet[];
  claimed: boolean[];
  /** Replies sent today: WOMAN_DAILY_REPLY_LIMIT counts only messages answering the other member. */
  sentToday: number[];
  /** Who wrote first, per pair ('i-j' with i < j): a message to the one who started is a reply. */
  started: Record<string, number>;
  freePassed: number[];
  /** Open (unexpired, unsettled) escrows. */
  escrows: { payer: number; recipient: number; amount: number; free: number }[];
  lastSent: ({ to: number; body: string; prepaid: number; clientId: string; id: string } | undefined)[];
}
interface Real {
  members: ApiMember[];
}
type Cmd = fc.AsyncCommand<Model, Real>;

const split = async (m: ApiMember): Promise<Wallet> => {
  const { credits, freeCredits } = (await api('GET', '/api/wallet', m.token)).json<{ credits: number; freeCredits: number }>();
  return { bought: credits - freeCredits, free: freeCredits };
};
const total = (w: Wallet) => w.bought + w.free;

/** Takes `amount` out of a wallet, free credits first or bought ones first; returns the free part. */
function take(w: Wallet, amount: number, first: 'free' | 'bought'): number {
  const free = first === 'free' ? Math.min(w.free, amount) : Math.max(amount - w.bought, 0);
  w.free -= free;
  w.bought -= amount - free;
  return free;
}

async function verify(model: Model, real: Real): Promise<void> {
  expect(await ledgerProblems(t.c.db)).toEqual([]);
  expect(await Promise.all(real.members.map(split))).toEqual(model.wallets);
}

class Claim implements Cmd {
  constructor(readonly i: number) {}
  check = () => true;
  async run(m: Model, r: Real) {
    const res = await api('POST', '/api/rewards/claim', r.members[this.i]!.token, { type: 'login' });
    expect(res.statusCode).toBe(m.claimed[this.i] ? 409 : 200);
    if (!m.claimed[this.i]) m.wallets[this.i]!.free += 10;
    m.claimed[this.i] = true;
    await verify(m, r);
  }
  toString = () => `claim(${this.i})`;
}

class Buy implements Cmd {
  constructor(readonly i: number, readonly pack: Pack) {}
  check = () => true;
  async run(m: Model, r: Real) {
    const res = await api('POST', '/api/wallet/purchases', r.members[this.i]!.token, { packId: this.pack, withdrawalConsent: true }, { 'idempotency-key': randomUUID() });
    expect(res.statusCode).toBe(200);
    m.wallets[this.i]!.bought += packs[this.pack];
    expect(res.json<{ credits: number }>().credits).toBe(total(m.wallets[this.i]!));
    await verify(m, r);
  }
  toString = () => `buy(${this.i}, ${this.pack})`;
}

class Send implements Cmd {
  constructor(readonly i: number, readonly j: number, readonly prepaid: number) {}
  check = () => this.i !== this.j;
  async run(m: Model, r: Real) {
    const clientId = randomUUID();
    const body = `Nachricht ${clientId.slice(0, 8)}`;
    const res = await api('POST', `/api/messages/${r.members[this.j]!.id}`, r.members[this.i]!.token, { body, prepaidReply: this.prepaid, clientId });
    const pays = genders[this.i] === 'male';
    const cost = pays ? COST : 0;
    const wallet = m.wallets[this.i]!;
    const after = { ...wallet };
    take(after, cost, 'free');
    const free = take(after, this.prepaid, 'bought');
    const pair = `${Math.min(this.i, this.j)}-${Math.max(this.i, this.j)}`;
    const counted = !pays && m.started[pair] === this.j;
    if (counted && m.sentToday[this.i]! >= LIMIT) expect(res.statusCode).toBe(429);
    else if (total(wallet) < cost + this.prepaid) expect(res.statusCode).toBe(402);
    else if (m.freePassed[this.i]! + free > FREE_CAP) expect(res.json()).toMatchObject({ error: 'free_credits_limit' });
    else {
      expect(res.statusCode).toBe(200);
      if (counted) m.sentToday[this.i]! += 1;
      m.started[pair] ??= this.i;
      m.freePassed[this.i]! += free;
      Object.assign(wallet, after);
      // A reply: what j prepaid for i goes to i, as free credits.
      const owed = m.escrows.filter((e) => e.payer === this.j && e.recipient === this.i);
      wallet.free += owed.reduce((s, e) => s + e.amount, 0);
      m.escrows = m.escrows.filter((e) => !owed.includes(e));
      if (this.prepaid > 0) m.escrows.push({ payer: this.i, recipient: this.j, amount: this.prepaid, free });
      m.lastSent[this.i] = { to: this.j, body, prepaid: this.prepaid, clientId, id: res.json<{ message: { id: string } }>().message.id };
      // The answer's balance is the wallet after all of it: the message, its prepaid reply and what the reply collected.
      expect(res.json<{ credits: number }>().credits).toBe(total(wallet));
    }
    await verify(m, r);
  }
  toString = () => `send(${this.i} -> ${this.j}, prepaid ${this.prepaid})`;
}

/** The client retries its last message (same clientId): nothing is stored or booked again. */
class Resend implements Cmd {
  constructor(readonly i: number) {}
  check = (m: Readonly<Model>) => m.lastSent[this.i] !== undefined;
  async run(m: Model, r: Real) {
    const last = m.lastSent[this.i]!;
    const res = await api('POST', `/api/messages/${r.members[last.to]!.id}`, r.members[this.i]!.token, { body: last.body, prepaidReply: last.prepaid, clientId: last.clientId });
    expect(res.statusCode).toBe(200);
    expect(res.json<{ message: { id: string } }>().message.id).toBe(last.id);
    await verify(m, r);
  }
  toString = () => `resend(${this.i})`;
}

/** Seven days pass for i's prepaid replies: the expiry job refunds them. */
class Expire implements Cmd {
  constructor(readonly i: number) {}
  check = () => true;
  async run(m: Model, r: Real) {
    await t.c.db.query("UPDATE escrows SET expires_at = now() - interval '1 second' WHERE status = 'open' AND sender_id = $1", [r.members[this.i]!.id]);
    await t.c.escrows.refundExpired();
    for (const e of m.escrows.filter((x) => x.payer === this.i)) {
      m.wallets[this.i]!.free += e.free;
      m.wallets[this.i]!.bought += e.amount - e.free;
    }
    m.escrows = m.escrows.filter((e) => e.payer !== this.i);
    await verify(m, r);
  }
  toString = () => `expire(${this.i})`;
}

class Premium implements Cmd {
  constructor(readonly i: number) {}
  check = () => true;
  async run(m: Model, r: Real) {
    const res = await api('POST', '/api/wallet/premium', r.members[this.i]!.token);
    const affordable = total(m.wallets[this.i]!) >= PREMIUM;
    expect(res.statusCode).toBe(affordable ? 200 : 402);
    if (affordable) take(m.wallets[this.i]!, PREMIUM, 'free');
    if (affordable) expect(res.json<{ credits: number }>().credits).toBe(total(m.wallets[this.i]!));
    await verify(m, r);
  }
  toString = () => `premium(${this.i})`;
}

const member = fc.integer({ min: 0, max: 2 });
const send = fc.tuple(member, member, fc.oneof(fc.constant(0), fc.integer({ min: 1, max: 80 }))).map(([i, j, p]) => new Send(i, j, p));
// Sends (and so replies) weigh more: they are where escrows open and settle.
const commands = [
  send,
  send,
  send,
  member.map((i) => new Claim(i)),
  fc.tuple(member, fc.constantFrom<Pack>('starter', 'beliebt', 'pro')).map(([i, p]) => new Buy(i, p)),
  member.map((i) => new Resend(i)),
  member.map((i) => new Expire(i)),
  member.map((i) => new Premium(i)),
];

beforeAll(async () => {
  t = await createTestApp();
  api = apiAs(t.app);
  await t.c.settings.update({ WOMAN_DAILY_REPLY_LIMIT: String(LIMIT), PREMIUM_PRICE_CREDITS: String(PREMIUM), PREPAID_FREE_CREDITS_PER_DAY: String(FREE_CAP) });
});
afterAll(() => t.close());

describe('ledger model', () => {
  it('keeps every credit accounted for over random sequences of movements', async () => {
    let run = 0;
    await fc.assert(
      fc.asyncProperty(fc.commands(commands, { maxCommands: 40, size: "large" }), async (cmds) => {
        run += 1;
        // Fresh members per run: the model starts from empty wallets.
        const members = await Promise.all(genders.map((g, k) => memberWithProfile(t.app, `Modell ${run}.${k}`, g)));
        await t.c.db.query('UPDATE users SET email_verified = true WHERE id = ANY($1::uuid[])', [members.map((m) => m.id)]);
        const model: Model = {
          wallets: genders.map(() => ({ bought: 0, free: 0 })),
          claimed: [false, false, false],
          sentToday: [0, 0, 0],
          started: {},
          freePassed: [0, 0, 0],
          escrows: [],
          lastSent: [undefined, undefined, undefined],
        };
        await fc.asyncModelRun(() => ({ model, real: { members } }), cmds);
      }),
      { numRuns: 25 },
    );
  }, 240_000);
});
