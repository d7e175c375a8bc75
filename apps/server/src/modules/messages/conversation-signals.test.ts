import type { ChatMessage, ComposeInfo, ReadEvent, TypingEvent, UnreadEvent } from '@funkeln/contracts/messages';
import { type Gender, nextBerlinMidnight } from '@funkeln/contracts/profiles';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/fixture.js';
import type { ApiMember } from '../../../test/members.js';
import { insertMembers } from '../../../test/population.js';
import { eventually } from '../../../test/cluster.js';
import { connectClient } from '../../../test/sockets.js';

const t = useTestApp({ listen: true });
const { api } = t;

const seed = { birthDate: '1994-05-05', ageMin: 18, ageMax: 99, placeId: null, photo: 'none' } as const;
/** Members straight in the tables, each with a session. */
async function members(gender: Gender, n: number, name = 'Mitglied'): Promise<ApiMember[]> {
  const ids = await insertMembers(t.c.db, Array.from({ length: n }, () => ({ ...seed, gender, interestedIn: ['female', 'male', 'diverse'] as Gender[], name })));
  return Promise.all(ids.map(async (id) => ({ id, name, token: await t.c.sessions.create(t.c.db, id) })));
}
const one = async (gender: Gender, name?: string) => (await members(gender, 1, name))[0]!;
const send = (from: ApiMember, to: ApiMember, body = 'Hallo') => api('POST', `/api/messages/${to.id}`, from.token, { body });
const compose = (from: ApiMember, to: string) => api('GET', `/api/conversations/${to}/compose`, from.token);
const unread = async (m: ApiMember) => (await api('GET', '/api/messages/unread', m.token)).json<UnreadEvent>().count;
const sentBy = async (m: ApiMember) => (await t.c.db.query<{ n: number }>('SELECT count(*)::int AS n FROM messages WHERE sender_id = $1', [m.id]))[0]!.n;
/** A message stored as if sent earlier (men's messages need credits, which these tests are not about). */
const wrote = (from: ApiMember, to: ApiMember) =>
  t.c.db.query("INSERT INTO messages (id, client_id, sender_id, recipient_id, body) VALUES (gen_random_uuid(), gen_random_uuid(), $1, $2, 'Hi')", [from.id, to.id]);
const setLimit = (n: number) => t.c.settings.update({ WOMAN_DAILY_REPLY_LIMIT: String(n) });
/** Collects every event of a kind a socket hears. */
function heard<T>(client: ReturnType<typeof connectClient>, event: string): T[] {
  const got: T[] = [];
  client.socket.on(event, (e: T) => got.push(e));
  return got;
}
const next = <T>(client: ReturnType<typeof connectClient>, event: string) => new Promise<T>((resolve) => client.socket.once(event, resolve));
async function online(m: ApiMember) {
  const c = connectClient(t.base, m.token);
  await c.connected();
  return c;
}

describe('the daily reply limit', () => {
  it('never limits a woman writing first, to 25 members', async () => {
    await setLimit(20);
    const eva = await one('female');
    const men = await members('male', 25);
    for (const man of men) expect((await send(eva, man)).statusCode).toBe(200);
    expect(await sentBy(eva)).toBe(25);
    await setLimit(20);
  });

  it('limits replies at WOMAN_DAILY_REPLY_LIMIT while first messages still go out; the same for diverse under `limit`', async () => {
    await setLimit(2);
    for (const gender of ['female', 'diverse'] as const) {
      const her = await one(gender);
      const [a, b, c, d] = await members('male', 4);
      for (const man of [a!, b!, c!]) await wrote(man, her);
      expect((await send(her, a!)).statusCode).toBe(200);
      expect((await send(her, a!, 'Noch eine Antwort')).statusCode).toBe(200);
      const third = await send(her, b!);
      expect(third.statusCode).toBe(429);
      expect(third.json()).toEqual({ error: 'daily_limit', message: 'Du hast heute schon 2 Antworten geschrieben. Morgen kannst du wieder antworten.' });
      expect((await send(her, d!)).statusCode).toBe(200);
      expect((await send(her, d!, 'Und weiter')).statusCode).toBe(200);
      expect(await sentBy(her)).toBe(4);
    }
    await setLimit(20);
  });

  it('lets parallel replies take no more than the limit', async () => {
    await setLimit(3);
    const eva = await one('female');
    const men = await members('male', 8);
    for (const man of men) await wrote(man, eva);
    const results = await Promise.all(men.map((man) => send(eva, man, 'Antwort')));
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 200, 200, 429, 429, 429, 429, 429]);
    expect(await sentBy(eva)).toBe(3);
    await setLimit(20);
  });
});

describe('compose info', () => {
  it('shows a man the price, his balance, whether he can pay, the prepaid reply only while writing first, and the rewards he can claim when short', async () => {
    const max = await one('male');
    const eva = await one('female');
    const first = await compose(max, eva.id);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({
      rule: 'pay',
      costPerMessage: 5,
      balance: 0,
      canAfford: false,
      prepaidReplyAvailable: true,
      repliesLeftToday: null,
      repliesPerDay: null,
      repliesReopenAt: null,
      // No approved photo and no vote: only the daily bonus is open.
      openRewards: [{ type: 'login', amount: 10, state: 'open', nextAt: null }],
    } satisfies ComposeInfo);
    expect((await api('POST', '/api/rewards/claim', max.token, { type: 'login' })).statusCode).toBe(200);
    await wrote(eva, max);
    expect((await compose(max, eva.id)).json()).toMatchObject({ balance: 10, canAfford: true, prepaidReplyAvailable: false, openRewards: [] });
    // Spent down to 0 again: the claimed daily bonus is no longer offered.
    await send(max, eva);
    await send(max, eva);
    expect((await compose(max, eva.id)).json()).toMatchObject({ balance: 0, canAfford: false, openRewards: [] });
    await t.c.db.query('UPDATE users SET email_verified = false WHERE id = $1', [max.id]);
    const other = await one('female');
    expect((await compose(max, other.id)).json()).toMatchObject({ prepaidReplyAvailable: true, openRewards: [] });
  });

  it("shows a woman the day's allowance for a reply, and at 0 when it opens again (the next Berlin midnight)", async () => {
    await setLimit(2);
    const eva = await one('female');
    const [tom, ben] = await members('male', 2);
    await wrote(tom!, eva);
    expect((await compose(eva, tom!.id)).json()).toMatchObject({
      rule: 'limit',
      costPerMessage: null,
      canAfford: true,
      prepaidReplyAvailable: false,
      repliesLeftToday: 2,
      repliesPerDay: 2,
      repliesReopenAt: null,
      openRewards: [],
    });
    // Writing first is no reply: the allowance is not shown there.
    expect((await compose(eva, ben!.id)).json()).toMatchObject({ repliesLeftToday: null, repliesPerDay: 2 });
    await send(eva, tom!);
    expect((await compose(eva, tom!.id)).json()).toMatchObject({ repliesLeftToday: 1, repliesReopenAt: null });
    await send(eva, tom!);
    const closed = (await compose(eva, tom!.id)).json<ComposeInfo>();
    expect(closed).toMatchObject({ repliesLeftToday: 0, repliesPerDay: 2 });
    expect(closed.repliesReopenAt).toBe(nextBerlinMidnight().toISOString());
    expect((await send(eva, tom!)).statusCode).toBe(429);
    await setLimit(20);
  });

  it('is a German 404 for blocked, suspended, unknown members and oneself, a 400 for a bad id', async () => {
    const [me, blocker, gone] = await members('female', 3);
    expect((await api('POST', `/api/blocks/${me!.id}`, blocker!.token)).statusCode).toBe(200);
    await t.c.db.query('UPDATE users SET suspended_at = now() WHERE id = $1', [gone!.id]);
    for (const id of [blocker!.id, gone!.id, '00000000-0000-4000-8000-000000000000', me!.id]) {
      const res = await compose(me!, id);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ error: 'not_found', message: 'Diese Unterhaltung gibt es nicht.' });
    }
    // The history answers the same for oneself, whatever the spelling (red team, session 58: it was a 200 with one's own profile).
    for (const id of [me!.id, me!.id.toUpperCase()]) {
      const history = await api('GET', `/api/conversations/${id}`, me!.token);
      expect(history.statusCode, id).toBe(404);
      expect(history.json()).toEqual({ error: 'not_found', message: 'Diese Unterhaltung gibt es nicht.' });
    }
    const bad = await compose(me!, 'x%00y');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain('Ungültige Mitglieds-ID.');
    expect((await api('GET', `/api/conversations/${blocker!.id}/compose`, '')).statusCode).toBe(401);
  });
});

describe('read receipts and unread count', () => {
  it('tells the sender what was read, live, and the reader their unread count', async () => {
    const eva = await one('female', 'Eva');
    const ida = await one('female', 'Ida');
    const [evaSocket, idaSocket] = await Promise.all([online(eva), online(ida)]);
    const idaUnread = heard<UnreadEvent>(idaSocket, 'unread');
    const sent = (await send(eva, ida, 'Eins')).json<{ message: ChatMessage }>().message;
    const last = (await send(eva, ida, 'Zwei')).json<{ message: ChatMessage }>().message;
    expect(await unread(ida)).toBe(2);
    await eventually(() => idaUnread.length === 2);
    const read = next<ReadEvent>(evaSocket, 'read');
    const cleared = next<UnreadEvent>(idaSocket, 'unread');
    expect((await api('POST', `/api/conversations/${eva.id}/read`, ida.token)).json()).toEqual({ marked: 2 });
    const event = await read;
    expect(event).toEqual({ by: ida.id, upTo: last.id, at: expect.any(String) });
    expect(await cleared).toEqual({ count: 0 });
    expect(idaUnread).toEqual([{ count: 1 }, { count: 2 }, { count: 0 }]);
    const history = (await api('GET', `/api/conversations/${ida.id}`, eva.token)).json<{ messages: ChatMessage[] }>().messages;
    expect(history.map((m) => m.readAt)).toEqual([event.at, event.at]);
    expect(sent.readAt).toBeNull();
    evaSocket.close();
    idaSocket.close();
  });

  it('sends no receipt and shows no read time when the reader turned receipts off; the reader still sees their own state', async () => {
    const eva = await one('female', 'Eva');
    const ida = await one('female', 'Ida');
    expect((await api('PUT', '/api/me/settings', ida.token, { readReceipts: false })).statusCode).toBe(200);
    const evaSocket = await online(eva);
    const reads = heard<ReadEvent>(evaSocket, 'read');
    await send(eva, ida, 'Gelesen?');
    expect((await api('POST', `/api/conversations/${eva.id}/read`, ida.token)).json()).toEqual({ marked: 1 });
    // The receipt would have gone out before the read answered, so before Ida's message event.
    const answer = next<{ message: ChatMessage }>(evaSocket, 'message');
    await send(ida, eva, 'Antwort');
    await answer;
    expect(reads).toEqual([]);
    const evaView = (await api('GET', `/api/conversations/${ida.id}`, eva.token)).json<{ messages: ChatMessage[] }>().messages;
    expect(evaView.map((m) => [m.body, m.readAt])).toEqual([['Gelesen?', null], ['Antwort', null]]);
    const evaList = (await api('GET', '/api/conversations', eva.token)).json<{ lastMessage: ChatMessage; unread: number }[]>();
    expect(evaList[0]!.unread).toBe(1);
    await send(eva, ida, 'Noch was');
    await api('POST', `/api/conversations/${eva.id}/read`, ida.token);
    const listed = (await api('GET', '/api/conversations', eva.token)).json<{ lastMessage: ChatMessage }[]>();
    expect(listed[0]!.lastMessage).toMatchObject({ body: 'Noch was', readAt: null });
    const idaView = (await api('GET', `/api/conversations/${eva.id}`, ida.token)).json<{ messages: ChatMessage[] }>().messages;
    expect(idaView.filter((m) => m.senderId === eva.id).every((m) => m.readAt !== null)).toBe(true);
    expect(await unread(ida)).toBe(0);
    evaSocket.close();
  });

  it('counts only messages from members still shown', async () => {
    const [me, blocked, suspended, friend] = await members('female', 4);
    for (const m of [blocked!, suspended!, friend!]) await wrote(m, me!);
    expect(await unread(me!)).toBe(3);
    await api('POST', `/api/blocks/${blocked!.id}`, me!.token);
    await t.c.db.query('UPDATE users SET suspended_at = now() WHERE id = $1', [suspended!.id]);
    expect(await unread(me!)).toBe(1);
    expect((await api('GET', '/api/messages/unread', '')).statusCode).toBe(401);
  });
});

describe('typing', () => {
  it('forwards at most one signal per pair in 2 s over the socket, only where writing is allowed, and ignores bad payloads', async () => {
    const [eva, ida, ole, blocker, gone] = await members('female', 5);
    await api('POST', `/api/blocks/${eva!.id}`, blocker!.token);
    await t.c.db.query('UPDATE users SET suspended_at = now() WHERE id = $1', [gone!.id]);
    type Online = Awaited<ReturnType<typeof online>>;
    const sockets = await Promise.all([eva, ida, ole, blocker, gone].map((m) => online(m!)));
    const [evaSocket, idaSocket, oleSocket, blockerSocket, goneSocket] = sockets as [Online, Online, Online, Online, Online];
    const toIda = heard<TypingEvent>(idaSocket, 'typing');
    const toBlocker = heard<TypingEvent>(blockerSocket, 'typing');
    const toGone = heard<TypingEvent>(goneSocket, 'typing');
    const toEva = heard<TypingEvent>(evaSocket, 'typing');
    for (const payload of [{ to: ida!.id }, { to: ida!.id }, { to: ida!.id }, { to: blocker!.id }, { to: gone!.id }, { to: eva!.id }]) evaSocket.socket.emit('typing', payload);
    for (const payload of [null, 'x', { to: 'x\u0000y' }, { to: 'a'.repeat(100_000) }, { to: 42 }]) evaSocket.socket.emit('typing', payload);
    // Eva's signals are handled in order: once Ole hears hers, the ones before have been dealt with.
    const marker = next<TypingEvent>(oleSocket, 'typing');
    evaSocket.socket.emit('typing', { to: ole!.id });
    expect(await marker).toEqual({ from: eva!.id });
    const idaMarker = next<TypingEvent>(idaSocket, 'typing');
    oleSocket.socket.emit('typing', { to: ida!.id });
    await idaMarker;
    // On PostgreSQL the pool may answer Eva's and Ole's checks in either order.
    await eventually(() => toIda.length === 2);
    expect(toIda).toEqual(expect.arrayContaining([{ from: eva!.id }, { from: ole!.id }]));
    expect([toBlocker, toGone, toEva]).toEqual([[], [], []]);
    expect(evaSocket.socket.connected).toBe(true);
    const stored = await t.c.db.query('SELECT 1 FROM messages WHERE sender_id = $1', [eva!.id]);
    expect(stored).toEqual([]);
    for (const s of sockets) s.close();
  });

  it('throttles per pair and refuses pairs that may not write to each other', async () => {
    const [a, b, c, blocker, gone] = await members('female', 5);
    await api('POST', `/api/blocks/${a!.id}`, blocker!.token);
    await t.c.db.query('UPDATE users SET suspended_at = now() WHERE id = $1', [gone!.id]);
    for (const to of [blocker!.id, gone!.id, '00000000-0000-4000-8000-000000000000']) expect(await t.c.readState.typingAllowed(a!.id, to)).toBe(false);
    expect(await t.c.readState.typingAllowed(blocker!.id, a!.id)).toBe(false);
    expect(await t.c.readState.typingAllowed(a!.id, b!.id)).toBe(true);
    expect(await t.c.readState.typingAllowed(a!.id, b!.id)).toBe(false);
    expect(await t.c.readState.typingAllowed(a!.id, c!.id)).toBe(true);
    expect(await t.c.readState.typingAllowed(b!.id, a!.id)).toBe(true);
    expect(await t.c.readState.typingAllowed(a!.id, a!.id)).toBe(false);
  });
});
