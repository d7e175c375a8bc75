import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, uniqueEmail, type TestApp } from '../test/harness.js';
import { apiAs, buyPack, memberWithProfile, verifiedMember, type ApiMember } from '../test/members.js';

/**
 * The access-control matrix: for every route that takes an id, member B with A's ids gets 403 or
 * 404, members get 403 on admin routes, visitors 401; fields a member must not set are ignored or
 * refused.
 */
let t: TestApp;
let api: ReturnType<typeof apiAs>;
let a: ApiMember;
let b: ApiMember;
let c: ApiMember;
const ids: Record<string, string> = {};

beforeAll(async () => {
  t = await createTestApp();
  api = apiAs(t.app);
  [a, b, c] = await Promise.all([memberWithProfile(t.app, 'Anna', 'female'), memberWithProfile(t.app, 'Bert', 'male'), memberWithProfile(t.app, 'Cleo', 'female')]);
  await buyPack(t.app, a.token, 'starter');
  ids.conversation = (await api('POST', '/api/ai/df/start', a.token)).json<{ id: string }>().id;
  ids.memory = (await api('POST', '/api/ai/df/memory', a.token, { content: 'Privat', tags: [] })).json<{ id: string }>().id;
  ids.message = (await api('POST', `/api/messages/${a.id}`, c.token, { body: 'Für Anna' })).json<{ message: { id: string } }>().message.id;
  await api('POST', `/api/likes/${a.id}?type=flirt`, c.token);
  ids.flirt = (await api('GET', '/api/likes/received', a.token)).json<{ flirtId: string }[]>()[0]!.flirtId;
  ids.report = (await api('POST', '/api/reports', a.token, { messageId: ids.message, reason: 'spam' })).json<{ id: string }>().id;
}, 60_000);
afterAll(() => t.close());

describe('member B with member A\'s ids', () => {
  const cases: [string, 'GET' | 'POST' | 'DELETE' | 'PUT', (i: Record<string, string>) => string, object?][] = [
    ['companion history', 'GET', (i) => `/api/ai/df/${i.conversation}/messages`],
    ['companion message', 'POST', (i) => `/api/ai/df/${i.conversation}/message`, { content: 'Hallo' }],
    ['memory deletion', 'DELETE', (i) => `/api/ai/df/memories/${i.memory}`],
    ['accepting A\'s flirt', 'POST', (i) => `/api/likes/received/${i.flirt}/accept`],
    ['reporting A\'s message', 'POST', () => '/api/reports', {}],
    ['resolving A\'s report', 'POST', (i) => `/api/admin/reports/${i.report}/resolve`, {}],
    ['admin photo action', 'POST', () => `/api/admin/photos/${a.id}/disable`],
    ['admin suspension', 'POST', () => `/api/admin/users/${a.id}/suspend`],
  ];
  it.each(cases)('%s: 403 or 404, and 401 without a token', async (_name, method, url, body) => {
    const payload = _name === 'reporting A\'s message' ? { messageId: ids.message, reason: 'spam' } : body;
    const res = await api(method, url(ids), b.token, payload);
    expect([403, 404]).toContain(res.statusCode);
    expect((await t.app.inject({ method, url: url(ids), ...(payload ? { payload } : {}) })).statusCode).toBe(401);
  });

  it('sees nothing of A\'s conversations, inbox or memories through its own lists', async () => {
    expect((await api('GET', `/api/conversations/${c.id}`, b.token)).json<{ messages: unknown[] }>().messages).toEqual([]);
    expect((await api('POST', `/api/conversations/${c.id}/read`, b.token)).json()).toEqual({ marked: 0 });
    expect((await api('GET', '/api/messages', b.token)).json()).toEqual([]);
    expect((await api('GET', '/api/ai/df/memories', b.token)).json()).toEqual([]);
    expect((await api('GET', '/api/ai/df/conversations', b.token)).json()).toEqual([]);
    expect((await api('GET', `/api/ai/df/${ids.conversation}/messages`, a.token)).statusCode).toBe(200);
  });

  it('a blocked member\'s profile is a 404', async () => {
    await api('POST', `/api/blocks/${b.id}`, a.token);
    expect((await api('GET', `/api/profile/${a.id}`, b.token)).statusCode).toBe(404);
    await api('DELETE', `/api/blocks/${b.id}`, a.token);
  });
});

describe('mass assignment', () => {
  it('ignores role, credits and email_verified in bodies', async () => {
    const email = uniqueEmail();
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/register', payload: { email, password: 'Kiwi-Wolke-Geheim-42', displayName: 'Schlau', role: 'admin', email_verified: true, credits: 1000 }, remoteAddress: '10.9.9.9' });
    const token = res.json<{ token: string }>().token;
    expect((await api('GET', '/api/me', token)).json()).toMatchObject({ role: 'member', email_verified: false });
    const profile = await api('PUT', '/api/me/profile', token, { aboutMe: 'Hallo', role: 'admin', credits: 500, email_verified: true, premium_until: '2099-01-01' });
    expect([200, 400]).toContain(profile.statusCode);
    expect((await api('GET', '/api/me', token)).json()).toMatchObject({ role: 'member', email_verified: false, isPremium: false });
    expect((await api('GET', '/api/wallet', token)).json()).toMatchObject({ credits: 0 });
    expect((await api('PUT', '/api/me/settings', token, { credits: 5 })).statusCode).toBe(400);
    const sent = await api('POST', `/api/messages/${a.id}`, c.token, { body: 'Hi', senderId: b.id, prepaidReserved: 99 });
    expect(sent.json<{ message: { senderId: string; prepaidReserved: number } }>().message).toMatchObject({ senderId: c.id, prepaidReserved: 0 });
    const { token: other } = await verifiedMember(t.app, t.c.db);
    expect((await api('POST', '/api/rewards/claim', other, { type: 'login', amount: 1000 })).json()).toEqual({ amount: 10 });
  });
});
