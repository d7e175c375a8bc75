import type { Gender } from '@funkeln/contracts/profiles';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness.js';
import { apiAs, buyPack, ledgerProblems, memberWithProfile, type ApiMember } from '../../../test/members.js';

// Issue 16 item 6: free credits (rewards, collected prepaid replies) reach other members through
// prepaid replies only up to PREPAID_FREE_CREDITS_PER_DAY per sender and day (docs/CREDITS.md).
let t: TestApp;
let api: ReturnType<typeof apiAs>;
const CAP = 20;

beforeAll(async () => {
  t = await createTestApp();
  api = apiAs(t.app);
});
afterAll(() => t.close());

const send = (from: ApiMember, to: ApiMember, prepaidReply: number, body = 'Hallo') => api('POST', `/api/messages/${to.id}`, from.token, { body, prepaidReply });
const wallet = async (m: ApiMember) => (await api('GET', '/api/wallet', m.token)).json<{ credits: number; freeCredits: number; freePassLeftToday: number }>();
const claim = (m: ApiMember, type: string) => api('POST', '/api/rewards/claim', m.token, { type });

async function member(name: string, gender: Gender, verified = true): Promise<ApiMember> {
  const m = await memberWithProfile(t.app, name, gender);
  if (verified) await t.c.db.query('UPDATE users SET email_verified = true WHERE id = $1', [m.id]);
  return m;
}

/** A verified member holding `credits` free credits (one login reward of that size). */
async function withFreeCredits(name: string, credits: number): Promise<ApiMember> {
  const m = await member(name, 'female');
  await t.c.settings.update({ REWARD_LOGIN_CREDITS: String(credits) });
  expect((await claim(m, 'login')).json()).toEqual({ amount: credits });
  await t.c.settings.update({ REWARD_LOGIN_CREDITS: '10' });
  return m;
}

describe('farming sign-up credits', () => {
  it('unverified throwaways get no rewards to forward: the collector gains nothing', async () => {
    const collector = await member('Sammler', 'female');
    for (let i = 0; i < 3; i += 1) {
      const throwaway = await member(`Wegwerf ${i}`, 'female', false);
      for (const type of ['login', 'upload_photo', 'get_vote']) expect((await claim(throwaway, type)).statusCode).toBe(403);
      expect((await send(throwaway, collector, 30)).statusCode).toBe(402);
    }
    expect((await wallet(collector)).credits).toBe(0);
  });

  it('verified throwaways pass on at most the daily cap each, and collected credits stay free (no laundering chain)', async () => {
    const collector = await member('Sammlerin', 'female');
    for (let i = 0; i < 3; i += 1) {
      const throwaway = await withFreeCredits(`Bestätigt ${i}`, 35);
      const tooMuch = await send(throwaway, collector, 30);
      expect(tooMuch.statusCode).toBe(429);
      expect(tooMuch.json()).toEqual({
        error: 'free_credits_limit',
        message: `Aus Gratis-Credits kannst du höchstens ${CAP} Credits pro Tag als vorbezahlte Antwort weitergeben, heute noch ${CAP}. Gekaufte Credits kannst du ohne Grenze verwenden.`,
      });
      expect((await send(throwaway, collector, CAP)).statusCode).toBe(200);
      expect((await send(throwaway, collector, 1)).statusCode).toBe(429);
      expect(await wallet(throwaway)).toMatchObject({ credits: 35 - CAP, freeCredits: 35 - CAP, freePassLeftToday: 0 });
    }
    // The collector answers each throwaway once and collects their escrows.
    const senders = await t.c.db.query<{ sender_id: string }>("SELECT DISTINCT sender_id FROM escrows WHERE recipient_id = $1 AND status = 'open'", [collector.id]);
    for (const { sender_id } of senders) expect((await api('POST', `/api/messages/${sender_id}`, collector.token, { body: 'Danke' })).statusCode).toBe(200);
    expect(await wallet(collector)).toMatchObject({ credits: 3 * CAP, freeCredits: 3 * CAP });
    // Passing the collected credits on is capped like any other free credits.
    const next = await member('Nächste', 'female');
    expect((await send(collector, next, 3 * CAP)).statusCode).toBe(429);
    expect((await send(collector, next, CAP)).statusCode).toBe(200);
    expect(await wallet(collector)).toMatchObject({ credits: 2 * CAP, freePassLeftToday: 0 });
    expect(await ledgerProblems(t.c.db)).toEqual([]);
  });
});

describe('bought credits', () => {
  it('go first into a prepaid reply and are not capped; only the free rest counts', async () => {
    const buyer = await member('Käuferin', 'female');
    const recipient = await member('Empfänger', 'male');
    await claim(buyer, 'login');
    await buyPack(t.app, buyer.token, 'beliebt');
    expect(await wallet(buyer)).toMatchObject({ credits: 130, freeCredits: 10 });
    expect((await send(buyer, recipient, 115)).statusCode).toBe(200);
    expect(await wallet(buyer)).toMatchObject({ credits: 15, freeCredits: 10, freePassLeftToday: CAP });
    expect((await send(buyer, recipient, 15)).statusCode).toBe(200);
    expect(await wallet(buyer)).toMatchObject({ credits: 0, freeCredits: 0, freePassLeftToday: CAP - 10 });
    expect(await ledgerProblems(t.c.db)).toEqual([]);
  });

  it('a man spends free credits on his message cost without a cap', async () => {
    const max = await member('Max', 'male');
    const eva = await member('Eva', 'female');
    await t.c.settings.update({ REWARD_LOGIN_CREDITS: String(CAP * 3) });
    await claim(max, 'login');
    await t.c.settings.update({ REWARD_LOGIN_CREDITS: '10' });
    for (let i = 0; i < 12; i += 1) expect((await send(max, eva, 0)).statusCode).toBe(200);
    expect(await wallet(max)).toMatchObject({ credits: 0, freeCredits: 0, freePassLeftToday: CAP });
  });

  it('a refunded prepaid reply comes back with its free part', async () => {
    const sender = await withFreeCredits('Rückbuchung', 10);
    await buyPack(t.app, sender.token, 'starter');
    const silent = await member('Stumm', 'male');
    expect((await send(sender, silent, 55)).statusCode).toBe(200);
    expect(await wallet(sender)).toMatchObject({ credits: 5, freeCredits: 5 });
    await t.c.db.query("UPDATE escrows SET expires_at = now() - interval '1 second' WHERE sender_id = $1", [sender.id]);
    await t.c.escrows.refundExpired();
    expect(await wallet(sender)).toMatchObject({ credits: 60, freeCredits: 10 });
    expect(await ledgerProblems(t.c.db)).toEqual([]);
  });
});

describe('parallel prepaid replies', () => {
  it('N parallel sends cannot pass more free credits than the cap', async () => {
    const N = 12;
    const sender = await withFreeCredits('Parallel', 100);
    const recipients = await Promise.all(Array.from({ length: 3 }, (_, i) => member(`Ziel ${i}`, 'male')));
    const results = await Promise.all(Array.from({ length: N }, (_, i) => send(sender, recipients[i % 3]!, 5, `Nachricht ${i}`)));
    const codes = results.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 200)).toHaveLength(CAP / 5);
    expect(codes.filter((c) => c === 429)).toHaveLength(N - CAP / 5);
    const held = await t.c.db.query<{ amount: number; free: number }>(
      'SELECT COALESCE(sum(amount), 0)::int AS amount, COALESCE(sum(free), 0)::int AS free FROM escrows WHERE sender_id = $1',
      [sender.id],
    );
    expect(held).toEqual([{ amount: CAP, free: CAP }]);
    expect(await wallet(sender)).toMatchObject({ credits: 100 - CAP, freeCredits: 100 - CAP, freePassLeftToday: 0 });
    expect(await ledgerProblems(t.c.db)).toEqual([]);
  });
});
