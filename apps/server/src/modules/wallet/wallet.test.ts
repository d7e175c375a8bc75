import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, register, type TestApp } from '../../../test/harness.js';
import { apiAs, buyPack, confirmEmail, ledgerProblems, memberWithProfile, verifiedMember } from '../../../test/members.js';
import type { Queryable, Row } from '../../db/client.js';
import { type Posting, SYSTEM_ACCOUNTS } from './ledger.service.js';

let t: TestApp;
let api: ReturnType<typeof apiAs>;

beforeAll(async () => {
  t = await createTestApp();
  api = apiAs(t.app);
});
afterAll(() => t.close());

const wallet = async (token: string) =>
  (await api('GET', '/api/wallet', token)).json<{
    credits: number;
    freeCredits: number;
    freePassLeftToday: number;
    premiumUntil: string | null;
    history: { amount: number; label: string }[];
    payments: string;
  }>();
const claim = (token: string, type: string, headers: Record<string, string> = {}) => api('POST', '/api/rewards/claim', token, { type }, headers);

describe('wallet', () => {
  it('starts empty, in the labelled test mode, and needs a session', async () => {
    const { token } = await register(t.app);
    const unconfirmed = (type: string, amount: number) => ({ type, amount, state: 'waiting', nextAt: null });
    expect(await wallet(token)).toEqual({
      credits: 0,
      freeCredits: 0,
      freePassLeftToday: 20,
      premiumUntil: null,
      premiumPrice: 300,
      history: [],
      payments: 'test',
      rewards: [unconfirmed('login', 10), unconfirmed('upload_photo', 25), unconfirmed('get_vote', 5)],
    });
    expect((await t.app.inject({ method: 'GET', url: '/api/wallet' })).statusCode).toBe(401);
  });

  it('pays the daily login reward once per Berlin calendar day', async () => {
    const { token } = await verifiedMember(t.app, t.c.db);
    expect((await claim(token, 'login')).json()).toEqual({ amount: 10 });
    const again = await claim(token, 'login');
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toMatch(/heute schon abgeholt/);
    // The claim of another day does not count for today.
    await t.c.db.query("UPDATE reward_claims SET period = '2000-01-01' WHERE kind = 'login'");
    expect((await claim(token, 'login')).json()).toEqual({ amount: 10 });
    const w = await wallet(token);
    expect(w.credits).toBe(20);
    expect(w.history.map((h) => [h.amount, h.label])).toEqual([
      [10, 'Tägliche Login-Belohnung'],
      [10, 'Tägliche Login-Belohnung'],
    ]);
  });

  it('takes the reward amounts from the settings', async () => {
    await t.c.settings.update({ REWARD_LOGIN_CREDITS: '15' });
    const { token } = await verifiedMember(t.app, t.c.db);
    expect((await claim(token, 'login')).json()).toEqual({ amount: 15 });
    await t.c.settings.update({ REWARD_LOGIN_CREDITS: '10' });
  });

  it('pays the photo reward once, only after an approved photo', async () => {
    const m = await memberWithProfile(t.app, 'Fotografin', 'female');
    await t.c.db.query('UPDATE users SET email_verified = true WHERE id = $1', [m.id]);
    const early = await claim(m.token, 'upload_photo');
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toMatch(/Lade zuerst ein Foto hoch/);
    await t.c.db.query(
      "INSERT INTO photos (id, user_id, status, large_key, thumb_key, blur_key, width, height) VALUES (gen_random_uuid(), $1, 'approved', 'l', 't', 'b', 1, 1)",
      [m.id],
    );
    expect((await claim(m.token, 'upload_photo')).json()).toEqual({ amount: 25 });
    expect((await claim(m.token, 'upload_photo')).statusCode).toBe(409);
  });

  it('refuses the vote reward while the photo got no vote today', async () => {
    const { token } = await verifiedMember(t.app, t.c.db);
    const res = await claim(token, 'get_vote');
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toMatch(/noch keine Stimme/);
  });

  it('answers an unknown reward type with a German 400', async () => {
    const { token } = await verifiedMember(t.app, t.c.db);
    const res = await claim(token, 'jackpot');
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/Unbekannte Belohnung/);
    expect((await wallet(token)).credits).toBe(0);
  });

  it('replays an Idempotency-Key with the same body and refuses it with another', async () => {
    const { token } = await verifiedMember(t.app, t.c.db);
    const key = { 'idempotency-key': 'claim-1' };
    expect((await claim(token, 'login', key)).json()).toEqual({ amount: 10 });
    const replay = await claim(token, 'login', key);
    expect(replay.statusCode).toBe(200);
    expect(replay.json()).toEqual({ amount: 10 });
    const other = await claim(token, 'upload_photo', key);
    expect(other.statusCode).toBe(409);
    expect(other.json().error).toBe('idempotency_conflict');
    expect((await wallet(token)).credits).toBe(10);
    expect((await claim(token, 'login', { 'idempotency-key': 'ä'.repeat(3) })).statusCode).toBe(400);
  });

  it('keeps keys apart per member', async () => {
    const a = await verifiedMember(t.app, t.c.db);
    const b = await verifiedMember(t.app, t.c.db);
    const key = { 'idempotency-key': 'same-key' };
    expect((await claim(a.token, 'login', key)).json()).toEqual({ amount: 10 });
    expect((await claim(b.token, 'login', key)).json()).toEqual({ amount: 10 });
    expect((await wallet(b.token)).credits).toBe(10);
  });
});

describe('rewards need a confirmed address', () => {
  it('refuses every reward to an unverified member with a German 403, books nothing, and pays once the address is confirmed', async () => {
    const { token } = await register(t.app);
    const id = (await api('GET', '/api/me', token)).json<{ id: string }>().id;
    for (const type of ['login', 'upload_photo', 'get_vote']) {
      const res = await claim(token, type);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ error: 'email_not_verified', message: expect.stringMatching(/erst, wenn deine E-Mail-Adresse bestätigt ist/) });
    }
    expect((await wallet(token)).credits).toBe(0);
    expect(await t.c.db.query('SELECT 1 FROM reward_claims WHERE user_id = $1', [id])).toHaveLength(0);
    await confirmEmail(t.c, id);
    expect((await claim(token, 'login')).json()).toEqual({ amount: 10 });
  });

  it('marks rewards as free credits and purchases as bought ones', async () => {
    const { token } = await verifiedMember(t.app, t.c.db);
    await claim(token, 'login');
    await buyPack(t.app, token, 'starter');
    expect(await wallet(token)).toMatchObject({ credits: 60, freeCredits: 10 });
    // Spending takes free credits first, so the bought ones stay free to pass on.
    await t.c.settings.update({ PREMIUM_PRICE_CREDITS: '15' });
    await api('POST', '/api/wallet/premium', token);
    await t.c.settings.update({ PREMIUM_PRICE_CREDITS: '300' });
    expect(await wallet(token)).toMatchObject({ credits: 45, freeCredits: 0 });
    expect(await ledgerProblems(t.c.db)).toEqual([]);
  });
});

describe('premium', () => {
  it('costs PREMIUM_PRICE_CREDITS, lasts 30 days, extends from its end and shows in /api/me', async () => {
    const { token } = await register(t.app);
    const poor = await api('POST', '/api/wallet/premium', token);
    expect(poor.statusCode).toBe(402);
    expect(poor.json().message).toBe('Nicht genug Credits: Du brauchst 300, hast aber 0.');
    await buyPack(t.app, token, 'pro');
    await buyPack(t.app, token, 'pro');
    const bought = await api('POST', '/api/wallet/premium', token);
    expect(bought.statusCode).toBe(200);
    const { credits, premiumUntil } = bought.json<{ credits: number; premiumUntil: string }>();
    expect(credits).toBe(220);
    const days = (Date.parse(premiumUntil) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(29.9);
    expect(days).toBeLessThanOrEqual(30);
    const me = (await api('GET', '/api/me', token)).json<{ isPremium: boolean; premiumUntil: string }>();
    expect(me).toMatchObject({ isPremium: true, premiumUntil });
    await t.c.settings.update({ PREMIUM_PRICE_CREDITS: '100' });
    const extended = (await api('POST', '/api/wallet/premium', token)).json<{ premiumUntil: string }>();
    expect((Date.parse(extended.premiumUntil) - Date.parse(premiumUntil)) / 86_400_000).toBeCloseTo(30, 3);
    await t.c.settings.update({ PREMIUM_PRICE_CREDITS: '300' });
  });

  it('a non-premium member is told so by /api/me', async () => {
    const { token } = await register(t.app);
    expect((await api('GET', '/api/me', token)).json()).toMatchObject({ isPremium: false, premiumUntil: null });
  });
});

describe('concurrency', () => {
  it('50 parallel spends against a balance that covers 12 succeed exactly 12 times', async () => {
    await t.c.settings.update({ PREMIUM_PRICE_CREDITS: '10' });
    const { token } = await register(t.app);
    expect(await buyPack(t.app, token, 'beliebt')).toBe(120);
    const results = await Promise.all(Array.from({ length: 50 }, () => api('POST', '/api/wallet/premium', token)));
    const codes = results.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 200)).toHaveLength(12);
    expect(codes.filter((c) => c === 402)).toHaveLength(38);
    expect((await wallet(token)).credits).toBe(0);
    expect(await ledgerProblems(t.c.db)).toEqual([]);
    await t.c.settings.update({ PREMIUM_PRICE_CREDITS: '300' });
  });

  it('the same Idempotency-Key sent 10 times at once books once', async () => {
    const { token } = await register(t.app);
    const key = { 'idempotency-key': 'parallel-buy' };
    const results = await Promise.all(Array.from({ length: 10 }, () => api('POST', '/api/wallet/purchases', token, { packId: 'starter', withdrawalConsent: true }, key)));
    expect(results.map((r) => r.statusCode)).toEqual(Array(10).fill(200));
    expect((await wallet(token)).credits).toBe(50);
    expect(await ledgerProblems(t.c.db)).toEqual([]);
  });

  it('the same Idempotency-Key sent 10 times at once for a spend the balance covers once: all ten get the one answer, none a 402', async () => {
    await t.c.settings.update({ PREMIUM_PRICE_CREDITS: '50' });
    const { token } = await register(t.app);
    expect(await buyPack(t.app, token, 'starter')).toBe(50);
    const key = { 'idempotency-key': 'parallel-premium' };
    const results = await Promise.all(Array.from({ length: 10 }, () => api('POST', '/api/wallet/premium', token, undefined, key)));
    expect(results.map((r) => r.statusCode)).toEqual(Array(10).fill(200));
    const answers = results.map((r) => r.json<{ credits: number; premiumUntil: string }>());
    expect(new Set(answers.map((a) => JSON.stringify(a))).size).toBe(1);
    expect(answers[0]!.credits).toBe(0);
    expect((await wallet(token)).credits).toBe(0);
    const id = (await api('GET', '/api/me', token)).json<{ id: string }>().id;
    const bookings = await t.c.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM ledger_transactions t JOIN ledger_entries e ON e.transaction_id = t.id JOIN ledger_accounts a ON a.id = e.account_id
        WHERE t.kind = 'premium' AND a.user_id = $1`,
      [id],
    );
    expect(bookings[0]!.n).toBe(1);
    expect(await ledgerProblems(t.c.db)).toEqual([]);
    await t.c.settings.update({ PREMIUM_PRICE_CREDITS: '300' });
  });
});

describe('parallel reward claims', () => {
  const N = 20;

  it(`${N} parallel claims of the daily login reward pay once`, async () => {
    const { id, token } = await verifiedMember(t.app, t.c.db);
    const codes = (await Promise.all(Array.from({ length: N }, () => claim(token, 'login')))).map((r) => r.statusCode);
    expect(codes.filter((c) => c === 200)).toHaveLength(1);
    expect(codes.filter((c) => c === 409)).toHaveLength(N - 1);
    expect((await wallet(token)).credits).toBe(10);
    expect(await t.c.db.query('SELECT 1 FROM reward_claims WHERE user_id = $1', [id])).toHaveLength(1);
    expect(await ledgerProblems(t.c.db)).toEqual([]);
  });

  it(`${N} parallel claims of the one-off photo reward pay once`, async () => {
    const m = await memberWithProfile(t.app, 'Parallel', 'female');
    await t.c.db.query('UPDATE users SET email_verified = true WHERE id = $1', [m.id]);
    await t.c.db.query(
      "INSERT INTO photos (id, user_id, status, large_key, thumb_key, blur_key, width, height) VALUES (gen_random_uuid(), $1, 'approved', 'l', 't', 'b', 1, 1)",
      [m.id],
    );
    const codes = (await Promise.all(Array.from({ length: N }, () => claim(m.token, 'upload_photo')))).map((r) => r.statusCode);
    expect(codes.filter((c) => c === 200)).toHaveLength(1);
    expect(codes.filter((c) => c === 409)).toHaveLength(N - 1);
    expect((await wallet(m.token)).credits).toBe(25);
    expect(await ledgerProblems(t.c.db)).toEqual([]);
  });
});

describe('ledger', () => {
  it('is append-only and refuses an unbalanced transaction', async () => {
    await expect(t.c.db.query('UPDATE ledger_entries SET amount = amount + 1')).rejects.toThrow(/append-only/);
    await expect(t.c.db.query('DELETE FROM ledger_transactions')).rejects.toThrow(/append-only/);
    await expect(
      t.c.db.transaction(async (tx) => {
        await tx.query("INSERT INTO ledger_transactions (id, kind) VALUES ('00000000-0000-4000-8000-000000000001', 'purchase')");
        await tx.query("INSERT INTO ledger_entries (transaction_id, account_id, amount) VALUES ('00000000-0000-4000-8000-000000000001', 3, -5)");
      }),
    ).rejects.toThrow(/does not sum to zero/);
    expect(await ledgerProblems(t.c.db)).toEqual([]);
  });

  const reward = (memberId: string, amount: number): Posting => ({
    kind: 'reward.login',
    legs: [
      { account: SYSTEM_ACCOUNTS.rewards, amount: -amount },
      { account: { wallet: memberId }, amount },
    ],
  });

  it("a member's first movements at once create one wallet and lose no credit", async () => {
    const { id, token } = await verifiedMember(t.app, t.c.db);
    const posted = await Promise.all(Array.from({ length: 12 }, (_, k) => t.c.db.transaction((tx) => t.c.ledger.post(tx, reward(id, k + 1)))));
    expect(await t.c.db.query('SELECT 1 FROM ledger_accounts WHERE user_id = $1', [id])).toHaveLength(1);
    expect((await wallet(token)).credits).toBe(78);
    // Each movement reports the balance it left, and in commit order they count up to the total.
    const balances = posted.map((p) => p?.balances.get(id) ?? -1).sort((a, b) => a - b);
    expect(balances.at(-1)).toBe(78);
    expect(new Set(balances).size).toBe(12);
    expect(await ledgerProblems(t.c.db)).toEqual([]);
  });

  /** Runs fn in a transaction and records the statements it sends there. */
  async function recordedTransaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<{ statements: string[]; result: T }> {
    const statements: string[] = [];
    const result = await t.c.db.transaction((tx) =>
      fn({
        query: <R extends Row>(text: string, params?: unknown[]) => {
          statements.push(text);
          return tx.query<R>(text, params);
        },
      }),
    );
    return { statements, result };
  }

  it("moves one member's wallet in two statements: the lock and the booking", async () => {
    const { id, token } = await verifiedMember(t.app, t.c.db);
    await t.c.db.transaction((tx) => t.c.ledger.post(tx, reward(id, 5)));
    const { statements, result: posted } = await recordedTransaction((tx) => t.c.ledger.post(tx, reward(id, 7)));
    expect(statements).toHaveLength(2);
    expect(statements[0]).toMatch(/for update/i);
    expect(posted?.balances.get(id)).toBe(12);
    expect((await wallet(token)).credits).toBe(12);
    expect(await ledgerProblems(t.c.db)).toEqual([]);
  });

  const spend = (memberId: string, amount: number): Posting => ({
    kind: 'premium',
    legs: [
      { account: { wallet: memberId }, amount: -amount },
      { account: SYSTEM_ACCOUNTS.spending, amount },
    ],
  });

  it('posts several movements in the same two statements, each on what the one before left and each its own transaction', async () => {
    const { id, token } = await verifiedMember(t.app, t.c.db);
    await t.c.db.transaction((tx) => t.c.ledger.post(tx, reward(id, 5)));
    const { statements, result: posted } = await recordedTransaction((tx) => t.c.ledger.postAll(tx, [spend(id, 5), reward(id, 7), spend(id, 0), reward(id, 3)]));
    expect(statements).toHaveLength(2);
    expect(posted.map((p) => p?.balances.get(id))).toEqual([0, 7, undefined, 10]);
    const mine = await wallet(token);
    expect(mine.credits).toBe(10);
    expect(mine.history.map((h) => h.amount)).toEqual([3, 7, -5, 5]);
    expect(await ledgerProblems(t.c.db)).toEqual([]);
  });

  it('refuses a movement posted together with others on its own, although what follows it would cover it, and writes none of them', async () => {
    const { id, token } = await verifiedMember(t.app, t.c.db);
    await t.c.db.transaction((tx) => t.c.ledger.post(tx, reward(id, 5)));
    await expect(t.c.db.transaction((tx) => t.c.ledger.postAll(tx, [reward(id, 1), spend(id, 8), reward(id, 7)]))).rejects.toMatchObject({
      code: 'insufficient_credits',
      message: 'Nicht genug Credits: Du brauchst 8, hast aber 6.',
    });
    const mine = await wallet(token);
    expect(mine.credits).toBe(5);
    expect(mine.history).toHaveLength(1);
    expect(await ledgerProblems(t.c.db)).toEqual([]);
  });

  it('refuses a movement that would overdraw a wallet and writes nothing', async () => {
    const { id, token } = await verifiedMember(t.app, t.c.db);
    await t.c.db.transaction((tx) => t.c.ledger.post(tx, reward(id, 5)));
    const spend: Posting = {
      kind: 'premium',
      legs: [
        { account: { wallet: id }, amount: -6 },
        { account: SYSTEM_ACCOUNTS.spending, amount: 6 },
      ],
    };
    await expect(t.c.db.transaction((tx) => t.c.ledger.post(tx, spend))).rejects.toMatchObject({ code: 'insufficient_credits' });
    expect((await wallet(token)).credits).toBe(5);
    expect(await t.c.db.query("SELECT 1 FROM ledger_transactions t JOIN ledger_entries e ON e.transaction_id = t.id JOIN ledger_accounts a ON a.id = e.account_id WHERE a.user_id = $1 AND t.kind = 'premium'", [id])).toEqual([]);
  });
});
