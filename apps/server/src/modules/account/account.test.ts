import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, register, type TestApp } from '../../../test/harness.js';
import { apiAs, buyPack, memberWithProfile } from '../../../test/members.js';

let t: TestApp;
let api: ReturnType<typeof apiAs>;
beforeAll(async () => {
  t = await createTestApp();
  api = apiAs(t.app);
}, 60_000);
afterAll(() => t.close());

describe('settings and password', () => {
  it('lets a member take messages only from members they liked', async () => {
    const ida = await memberWithProfile(t.app, 'Ida', 'female');
    const [liked, stranger] = await Promise.all([memberWithProfile(t.app, 'Gemocht', 'female'), memberWithProfile(t.app, 'Fremd', 'female')]);
    const defaults = { readReceipts: true, emailOnMatch: true, emailOnMessage: true, emailOnFlirt: true, pushPreviews: false };
    expect((await api('PUT', '/api/me/settings', ida.token, { messagePref: 'liked' })).json()).toEqual({ messagePref: 'liked', emailNotifications: true, shareEnabled: false, ...defaults });
    await api('POST', `/api/likes/${liked.id}?type=like`, ida.token);
    expect((await api('POST', `/api/messages/${ida.id}`, liked.token, { body: 'Hi' })).statusCode).toBe(200);
    const refused = await api('POST', `/api/messages/${ida.id}`, stranger.token, { body: 'Hi' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toMatch(/nur Nachrichten von Mitgliedern, die es geliked hat/);
    expect((await api('PUT', '/api/me/settings', ida.token, { messagePref: 'niemand' })).statusCode).toBe(400);
    expect((await api('PUT', '/api/me/settings', ida.token, { role: 'admin' })).statusCode).toBe(400);
  });

  it("answers a man who cannot pay the same whether she liked him or not: no free like oracle before the match (red team, session 59)", async () => {
    const nora = await memberWithProfile(t.app, 'Nora', 'female');
    const [likedMan, otherMan] = await Promise.all([memberWithProfile(t.app, 'Lukas', 'male'), memberWithProfile(t.app, 'Olaf', 'male')]);
    expect((await api('PUT', '/api/me/settings', nora.token, { messagePref: 'liked' })).statusCode).toBe(200);
    expect((await api('POST', `/api/likes/${likedMan.id}?type=like`, nora.token)).statusCode).toBe(200);
    // Both have 0 credits: before, the one she liked read 402 and the other 403.
    const liked = await api('POST', `/api/messages/${nora.id}`, likedMan.token, { body: 'Hallo Nora' });
    const other = await api('POST', `/api/messages/${nora.id}`, otherMan.token, { body: 'Hallo Nora' });
    expect([liked.statusCode, other.statusCode]).toEqual([402, 402]);
    expect(other.json()).toEqual(liked.json());
    // With credits the other is refused (403) and nothing is stored or booked.
    await buyPack(t.app, otherMan.token);
    const before = (await api('GET', '/api/wallet', otherMan.token)).json<{ credits: number }>().credits;
    const refused = await api('POST', `/api/messages/${nora.id}`, otherMan.token, { body: 'Hallo Nora', prepaidReply: 10 });
    expect(refused.statusCode).toBe(403);
    expect((await api('GET', '/api/wallet', otherMan.token)).json<{ credits: number }>().credits).toBe(before);
    expect(await t.c.db.query('SELECT 1 FROM messages WHERE sender_id = $1', [otherMan.id])).toEqual([]);
    expect(await t.c.db.query('SELECT 1 FROM escrows WHERE sender_id = $1', [otherMan.id])).toEqual([]);
  });

  it('lets whoever she wrote to answer her, though she takes messages only from members she liked (red team, session 59)', async () => {
    const wanda = await memberWithProfile(t.app, 'Wanda', 'female');
    const [paul, stranger] = await Promise.all([memberWithProfile(t.app, 'Paul', 'male'), memberWithProfile(t.app, 'Sven', 'male')]);
    await Promise.all([buyPack(t.app, paul.token), buyPack(t.app, stranger.token)]);
    expect((await api('PUT', '/api/me/settings', wanda.token, { messagePref: 'liked' })).statusCode).toBe(200);
    expect((await api('POST', `/api/messages/${paul.id}`, wanda.token, { body: 'Hallo Paul!' })).statusCode).toBe(200);
    expect((await api('POST', `/api/messages/${wanda.id}`, paul.token, { body: 'Hallo Wanda!' })).statusCode).toBe(200);
    expect((await api('POST', `/api/messages/${wanda.id}`, stranger.token, { body: 'Hallo Wanda!' })).statusCode).toBe(403);
  });

  it('stores read receipts, the e-mail switch per kind and push previews', async () => {
    const ida = await memberWithProfile(t.app, 'Ida', 'female');
    const changed = { readReceipts: false, emailOnMatch: false, emailOnMessage: false, emailOnFlirt: false, pushPreviews: true };
    expect((await api('PUT', '/api/me/settings', ida.token, changed)).json()).toMatchObject({ emailNotifications: true, ...changed });
    expect((await api('PUT', '/api/me/settings', ida.token, { emailOnMessage: true })).json()).toMatchObject({ ...changed, emailOnMessage: true });
    expect((await api('GET', '/api/me/settings', ida.token)).json()).toMatchObject({ ...changed, emailOnMessage: true });
    expect((await api('PUT', '/api/me/settings', ida.token, { readReceipts: 'nein' })).statusCode).toBe(400);
    expect((await api('GET', '/api/me/export', ida.token)).json<{ account: object }>().account).toMatchObject({
      read_receipts: false,
      email_on_match: false,
      email_on_message: true,
      email_on_flirt: false,
      push_previews: true,
    });
  });

  it('changes the password (old one checked) and logs out everywhere', async () => {
    const m = await register(t.app);
    const second = (await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: m.email, password: m.password } })).json<{ token: string }>().token;
    expect((await api('POST', '/api/me/password', m.token, { currentPassword: 'falsch', newPassword: 'neuesPasswort1' })).statusCode).toBe(403);
    expect((await api('POST', '/api/me/password', m.token, { currentPassword: m.password, newPassword: 'neuesPasswort1' })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: m.email, password: 'neuesPasswort1' } })).statusCode).toBe(200);
    expect((await api('POST', '/api/me/logout-all', m.token)).statusCode).toBe(200);
    expect((await api('GET', '/api/me', m.token)).statusCode).toBe(401);
    expect((await api('GET', '/api/me', second)).statusCode).toBe(401);
  });
});
