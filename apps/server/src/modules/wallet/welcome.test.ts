import type { ComposeInfo } from '@funkeln/contracts/messages';
import { nextBerlinMidnight } from '@funkeln/contracts/profiles';
import type { WalletResponse } from '@funkeln/contracts/wallet';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/fixture.js';
import { bearer, register } from '../../../test/harness.js';
import { linkToken } from '../../../test/smtp.js';

// Issue 56, wall 1: a new man could not write after his first match (0 credits). The welcome
// credits come with the first confirmed address, once, by whichever path confirms it.
const t = useTestApp({ smtp: true });

const api = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, token?: string, payload?: object) =>
  t.app.inject({ method, url, payload, headers: token ? bearer(token) : {} });
const wallet = async (token: string) => (await api('GET', '/api/wallet', token)).json<WalletResponse>();

/** A registered member and the link of the verification mail sent at registration. */
async function newMember(name: string) {
  const m = await register(t.app, undefined, undefined, name);
  await t.c.mailRequests.drain();
  await t.c.mailSender.drain();
  const mail = t.smtp.mailsTo(m.email).find((x) => x.subject?.includes('bestätig'));
  return { ...m, verifyToken: linkToken(mail, '/verify') };
}

describe('welcome credits', () => {
  it('come once with the first confirmation, as free credits with a German history line; a reset link later adds nothing', async () => {
    const m = await newMember('Willi');
    expect((await wallet(m.token)).credits).toBe(0);
    expect((await api('POST', '/api/auth/verify/confirm', undefined, { token: m.verifyToken })).statusCode).toBe(200);
    const after = await wallet(m.token);
    expect(after).toMatchObject({ credits: 30, freeCredits: 30 });
    expect(after.history.map((h) => [h.amount, h.label])).toEqual([[30, 'Willkommensbonus für deine ersten Nachrichten']]);

    expect((await api('POST', '/api/auth/password/request', undefined, { email: m.email })).statusCode).toBe(200);
    await t.c.mailRequests.drain();
    await t.c.mailSender.drain();
    const reset = t.smtp.mailsTo(m.email).find((x) => x.subject === 'Passwort zurücksetzen');
    expect((await api('POST', '/api/auth/password/confirm', undefined, { token: linkToken(reset, '/reset'), newPassword: 'neuesGeheimnis1' })).statusCode).toBe(200);
    const login = await api('POST', '/api/auth/login', undefined, { email: m.email, password: 'neuesGeheimnis1' });
    expect((await wallet(login.json<{ token: string }>().token)).credits).toBe(30);
  });

  it('are paid once when the confirmation link and a reset link confirm the address at the same moment', async () => {
    const m = await newMember('Paul');
    expect((await api('POST', '/api/auth/password/request', undefined, { email: m.email })).statusCode).toBe(200);
    await t.c.mailRequests.drain();
    await t.c.mailSender.drain();
    const reset = linkToken(t.smtp.mailsTo(m.email).find((x) => x.subject === 'Passwort zurücksetzen'), '/reset');
    const [confirmed, resetDone] = await Promise.all([
      api('POST', '/api/auth/verify/confirm', undefined, { token: m.verifyToken }),
      api('POST', '/api/auth/password/confirm', undefined, { token: reset, newPassword: 'neuesGeheimnis1' }),
    ]);
    expect([confirmed.statusCode, resetDone.statusCode]).toEqual([200, 200]);
    const id = (await t.c.db.query<{ id: string }>('SELECT id FROM users WHERE email = $1', [m.email]))[0]!.id;
    expect(await t.c.ledger.balance(t.c.db, id)).toBe(30);
    expect(await t.c.db.query("SELECT kind FROM reward_claims WHERE user_id = $1 AND kind = 'welcome'", [id])).toHaveLength(1);
  });

  it('are once per address: an erased account registered again, or the same mailbox spelled with a +tag, gets none (red team, session 59)', async () => {
    const address = `wieder.${Date.now()}@example.org`;
    const first = await register(t.app, address, undefined, 'Erster');
    await t.c.mailRequests.drain();
    await t.c.mailSender.drain();
    const confirm = async (email: string) => {
      const mails = t.smtp.mailsTo(email).filter((x) => x.subject?.includes('bestätig'));
      return api('POST', '/api/auth/verify/confirm', undefined, { token: linkToken(mails.at(-1), '/verify') });
    };
    expect((await confirm(address)).statusCode).toBe(200);
    expect((await wallet(first.token)).credits).toBe(30);
    expect((await api('DELETE', '/api/me', first.token, { password: first.password })).statusCode).toBe(200);

    const again = await register(t.app, address, undefined, 'Zweiter');
    const tagged = await register(t.app, address.replace('@', '+farm@'), undefined, 'Dritter');
    await t.c.mailRequests.drain();
    await t.c.mailSender.drain();
    expect((await confirm(address)).statusCode).toBe(200);
    expect((await confirm(address.replace('@', '+farm@'))).statusCode).toBe(200);
    expect(await wallet(again.token)).toMatchObject({ credits: 0, history: [] });
    expect(await wallet(tagged.token)).toMatchObject({ credits: 0, history: [] });
  });

  it('follow the admin setting; 0 gives none', async () => {
    await t.c.settings.update({ WELCOME_CREDITS: '0' });
    try {
      const m = await newMember('Nullinger');
      expect((await api('POST', '/api/auth/verify/confirm', undefined, { token: m.verifyToken })).statusCode).toBe(200);
      expect(await wallet(m.token)).toMatchObject({ credits: 0, history: [] });
    } finally {
      await t.c.settings.update({ WELCOME_CREDITS: '30' });
    }
  });

  it('let a new man write his first message to his first match without leaving the chat', async () => {
    const [ben, eva] = [await newMember('Ben'), await newMember('Eva')];
    for (const [m, gender, wants] of [
      [ben, 'male', ['female']],
      [eva, 'female', ['male']],
    ] as const) {
      expect((await api('POST', '/api/auth/verify/confirm', undefined, { token: m.verifyToken })).statusCode).toBe(200);
      expect((await api('PUT', '/api/me/profile', m.token, { birthDate: '1994-05-05', gender, interestedIn: wants })).statusCode).toBe(200);
    }
    const idOf = async (token: string) => (await api('GET', '/api/me', token)).json<{ id: string }>().id;
    const [benId, evaId] = [await idOf(ben.token), await idOf(eva.token)];
    expect((await api('POST', `/api/likes/${evaId}?type=like`, ben.token)).json()).toMatchObject({ match: false });
    expect((await api('POST', `/api/likes/${benId}?type=like`, eva.token)).json()).toMatchObject({ match: true });
    expect((await api('GET', `/api/conversations/${evaId}/compose`, ben.token)).json()).toMatchObject({ rule: 'pay', costPerMessage: 5, balance: 30, canAfford: true } satisfies Partial<ComposeInfo>);
    const sent = await api('POST', `/api/messages/${evaId}`, ben.token, { body: 'Hallo Eva, schön dass es gefunkt hat!' });
    expect(sent.statusCode).toBe(200);
    expect((await wallet(ben.token)).credits).toBe(25);
  });
});

describe('the rewards on the wallet', () => {
  it('say which are open, which are claimed and when they open again, and which wait for a photo, a vote or the confirmed address', async () => {
    const m = await newMember('Rita');
    const waiting = (type: string) => ({ type, state: 'waiting', nextAt: null });
    expect((await wallet(m.token)).rewards).toMatchObject([waiting('login'), waiting('upload_photo'), waiting('get_vote')]);
    expect((await api('POST', '/api/auth/verify/confirm', undefined, { token: m.verifyToken })).statusCode).toBe(200);
    expect((await wallet(m.token)).rewards).toEqual([
      { type: 'login', amount: 10, state: 'open', nextAt: null },
      { type: 'upload_photo', amount: 25, state: 'waiting', nextAt: null },
      { type: 'get_vote', amount: 5, state: 'waiting', nextAt: null },
    ]);
    expect((await api('POST', '/api/rewards/claim', m.token, { type: 'login' })).statusCode).toBe(200);
    expect((await wallet(m.token)).rewards[0]).toEqual({ type: 'login', amount: 10, state: 'claimed', nextAt: nextBerlinMidnight().toISOString() });
  });
});
