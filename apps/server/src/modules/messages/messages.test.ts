import { ageOn, berlinToday } from '@funkeln/contracts/profiles';
import { randomUUID } from 'node:crypto';
import type { ChatMessage, MessageEvent } from '@funkeln/contracts/messages';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/fixture.js';
import { register } from '../../../test/harness.js';
import { buyPack, ledgerProblems, memberWithProfile, type ApiMember } from '../../../test/members.js';
import { connectClient } from '../../../test/sockets.js';
import { recordTransactionStatements } from '../../../test/transactions.js';

const t = useTestApp({ listen: true });
const { api } = t;

const send = (from: ApiMember, to: string, body: object, headers: Record<string, string> = {}) => api('POST', `/api/messages/${to}`, from.token, body, headers);
const credits = async (m: ApiMember) => (await api('GET', '/api/wallet', m.token)).json<{ credits: number }>().credits;
const inbox = async (m: ApiMember) =>
  (await api('GET', '/api/messages', m.token)).json<{ id: string; sender_name: string; body: string; prepaid_reply_reserved_credits: number }[]>();
const messageCount = async (senderId: string) =>
  (await t.c.db.query<{ n: number }>('SELECT count(*)::int AS n FROM messages WHERE sender_id = $1', [senderId]))[0]!.n;
/** Makes the open escrows of these senders due, as if 7 days had passed. */
const expireEscrowsOf = (...senders: string[]) =>
  t.c.db.query("UPDATE escrows SET expires_at = now() - interval '1 second' WHERE status = 'open' AND sender_id = ANY($1::uuid[])", [senders]);

describe('sending', () => {
  it('charges a man CREDIT_COST_PER_MESSAGE_MALE per message and answers with the stored message', async () => {
    const max = await memberWithProfile(t.app, 'Max', 'male');
    const eva = await memberWithProfile(t.app, 'Eva', 'female');
    await buyPack(t.app, max.token, 'starter');
    const res = await send(max, eva.id, { body: '  Hallo Eva!  ' });
    expect(res.statusCode).toBe(200);
    const { message, credits: after } = res.json<{ message: ChatMessage; credits: number }>();
    expect(message).toMatchObject({ senderId: max.id, recipientId: eva.id, body: 'Hallo Eva!', prepaidReply: 0, prepaidReserved: 0, readAt: null });
    expect(after).toBe(45);
    expect(await inbox(eva)).toEqual([
      expect.objectContaining({ id: message.id, sender_name: 'Max', body: 'Hallo Eva!', prepaid_reply_reserved_credits: 0, read: false }),
    ]);
  });

  it('reads the clientId and the permission before its transaction: inside it only what it writes and locks; a retry is a replay', async () => {
    const max = await memberWithProfile(t.app, 'Kurz', 'male');
    const eva = await memberWithProfile(t.app, 'Eva', 'female');
    await buyPack(t.app, max.token, 'starter');
    const recorded = recordTransactionStatements(t.c.db);
    const inside = recorded.statements;
    const clientId = randomUUID();
    try {
      expect((await send(max, eva.id, { body: 'Hallo Eva!', clientId })).statusCode).toBe(200);
    } finally {
      recorded.restore();
    }
    expect(inside.some((q) => q.includes('insert into "messages"'))).toBe(true);
    expect(inside.filter((q) => q.includes('"client_id" =') || q.includes('"message_pref"'))).toEqual([]);
    const again = await send(max, eva.id, { body: 'Hallo Eva!', clientId });
    expect(again.json<{ credits: number }>().credits).toBe(45);
    expect(await messageCount(max.id)).toBe(1);
  });

  it('a reply that collects a prepaid reply is three statements inside its transaction: the message with the release, the wallet lock, the booking', async () => {
    const max = await memberWithProfile(t.app, 'Zahlt', 'male');
    const moritz = await memberWithProfile(t.app, 'Antwortet', 'male');
    await Promise.all([buyPack(t.app, max.token, 'starter'), buyPack(t.app, moritz.token, 'starter')]);
    expect((await send(max, moritz.id, { body: 'Antwortest du?', prepaidReply: 10 })).statusCode).toBe(200);
    const recorded = recordTransactionStatements(t.c.db);
    let res;
    try {
      res = await send(moritz, max.id, { body: 'Klar!' });
    } finally {
      recorded.restore();
    }
    expect(res.statusCode).toBe(200);
    const inside = recorded.statements;
    expect(inside).toHaveLength(3);
    expect(inside[0]).toMatch(/update "escrows"[\s\S]*insert into "messages"/);
    expect(inside[1]).toMatch(/for update/);
    // 50 bought, 5 for the message, 10 collected: the answer's balance is after both movements.
    expect(res.json<{ credits: number }>().credits).toBe(55);
    const history = (await api('GET', '/api/wallet', moritz.token)).json<{ history: { amount: number; label: string }[] }>().history;
    expect(history.slice(0, 2)).toEqual([
      expect.objectContaining({ amount: 10, label: 'Vorbezahlte Antwort erhalten' }),
      expect.objectContaining({ amount: -5, label: 'Nachricht gesendet' }),
    ]);
    expect(await ledgerProblems(t.c.db)).toEqual([]);
  });

  it('knows a woman\'s message is a reply before its transaction: inside it the daily count and the message', async () => {
    const max = await memberWithProfile(t.app, 'Fragt', 'male');
    const eva = await memberWithProfile(t.app, 'Eva', 'female');
    await buyPack(t.app, max.token, 'starter');
    await send(max, eva.id, { body: 'Hallo Eva!' });
    const recorded = recordTransactionStatements(t.c.db);
    try {
      expect((await send(eva, max.id, { body: 'Hallo Max!' })).statusCode).toBe(200);
    } finally {
      recorded.restore();
    }
    expect(recorded.statements).toHaveLength(2);
    expect(recorded.statements[0]).toMatch(/insert into "daily_counters"/);
    const [counted] = await t.c.db.query<{ count: number }>("SELECT count FROM daily_counters WHERE user_id = $1 AND kind = 'reply'", [eva.id]);
    expect(counted?.count).toBe(1);
  });

  it('refuses a man without enough credits with 402, storing and booking nothing', async () => {
    const max = await memberWithProfile(t.app, 'Pleite', 'male');
    const eva = await memberWithProfile(t.app, 'Eva', 'female');
    const res = await send(max, eva.id, { body: 'Hallo' });
    expect(res.statusCode).toBe(402);
    expect(res.json().message).toBe('Nicht genug Credits: Du brauchst 5, hast aber 0.');
    expect(await messageCount(max.id)).toBe(0);
    expect(await inbox(eva)).toEqual([]);
  });

  it('lets a woman reply for free up to WOMAN_DAILY_REPLY_LIMIT replies a day, then 429', async () => {
    await t.c.settings.update({ WOMAN_DAILY_REPLY_LIMIT: '2' });
    const eva = await memberWithProfile(t.app, 'Eva', 'female');
    const tom = await memberWithProfile(t.app, 'Tom', 'male');
    await buyPack(t.app, tom.token, 'starter');
    expect((await send(tom, eva.id, { body: 'Hallo Eva' })).statusCode).toBe(200);
    expect((await send(eva, tom.id, { body: 'Eins' })).statusCode).toBe(200);
    expect((await send(eva, tom.id, { body: 'Zwei' })).statusCode).toBe(200);
    const third = await send(eva, tom.id, { body: 'Drei' });
    expect(third.statusCode).toBe(429);
    expect(third.json().message).toBe('Du hast heute schon 2 Antworten geschrieben. Morgen kannst du wieder antworten.');
    expect(await messageCount(eva.id)).toBe(2);
    expect(await credits(eva)).toBe(0);
    await t.c.settings.update({ WOMAN_DAILY_REPLY_LIMIT: '20' });
  });

  it('applies DIVERSE_MESSAGE_RULE to diverse members: the daily limit by default, the cost when set to pay', async () => {
    const kim = await memberWithProfile(t.app, 'Kim', 'diverse');
    const ben = await memberWithProfile(t.app, 'Ben', 'male');
    expect((await send(kim, ben.id, { body: 'Hi' })).statusCode).toBe(200);
    expect(await credits(kim)).toBe(0);
    await t.c.settings.update({ DIVERSE_MESSAGE_RULE: 'pay' });
    expect((await send(kim, ben.id, { body: 'Noch mal' })).statusCode).toBe(402);
    await t.c.settings.update({ DIVERSE_MESSAGE_RULE: 'free', WOMAN_DAILY_REPLY_LIMIT: '1' });
    expect((await send(kim, ben.id, { body: 'Gratis' })).statusCode).toBe(200);
    expect((await send(kim, ben.id, { body: 'Gratis 2' })).statusCode).toBe(200);
    await t.c.settings.update({ DIVERSE_MESSAGE_RULE: 'limit', WOMAN_DAILY_REPLY_LIMIT: '20' });
  });

  it('refuses blocked members in both directions as unknown ones (404) and nothing stored', async () => {
    const a = await memberWithProfile(t.app, 'Anna', 'female');
    const b = await memberWithProfile(t.app, 'Bernd', 'male');
    await buyPack(t.app, b.token);
    expect((await api('POST', `/api/blocks/${b.id}`, a.token)).statusCode).toBe(200);
    for (const [from, to] of [[a, b], [b, a]] as const) {
      const res = await send(from, to.id, { body: 'Hallo?' });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ error: 'not_found', message: 'Dieses Mitglied gibt es nicht oder es ist nicht erreichbar.' });
    }
    expect(await credits(b)).toBe(120);
    expect(await messageCount(a.id)).toBe(0);
    expect(await messageCount(b.id)).toBe(0);
  });

  it('hides a blocked member\'s earlier messages from inbox and conversations', async () => {
    const a = await memberWithProfile(t.app, 'Alma', 'female');
    const b = await memberWithProfile(t.app, 'Bea', 'female');
    expect((await send(b, a.id, { body: 'Vor dem Block' })).statusCode).toBe(200);
    expect(await inbox(a)).toHaveLength(1);
    await api('POST', `/api/blocks/${b.id}`, a.token);
    expect(await inbox(a)).toEqual([]);
    expect((await api('GET', '/api/conversations', a.token)).json()).toEqual([]);
    expect((await api('GET', `/api/conversations/${b.id}`, a.token)).statusCode).toBe(404);
  });

  it('answers bad input with German 4xx and stores nothing', async () => {
    const m = await memberWithProfile(t.app, 'Prüferin', 'female');
    const other = await memberWithProfile(t.app, 'Ziel', 'male');
    const cases: [string, object, number, RegExp][] = [
      [other.id, { body: '' }, 400, /darf nicht leer sein/],
      [other.id, { body: '   ' }, 400, /darf nicht leer sein/],
      [other.id, { body: 'x'.repeat(2001) }, 400, /höchstens 2000 Zeichen/],
      [other.id, { body: 'Hi', prepaidReply: -1 }, 400, /ganze Zahl ab 0/],
      [other.id, { body: 'Hi', prepaidReply: 1.5 }, 400, /ganze Zahl ab 0/],
      [other.id, { body: 'Hi', prepaidReply: '5' }, 400, /ganze Zahl ab 0/],
      ['kein-uuid', { body: 'Hi' }, 400, /Empfänger-ID/],
      [randomUUID(), { body: 'Hi' }, 404, /gibt es nicht/],
      [m.id, { body: 'Hi' }, 400, /nicht selbst/],
    ];
    for (const [to, body, status, message] of cases) {
      const res = await send(m, to, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(status);
      expect(res.json().message).toMatch(message);
    }
    expect((await send(m, other.id, { body: 'x'.repeat(2000) })).statusCode).toBe(200);
    expect(await messageCount(m.id)).toBe(1);
  });

  it('asks for a profile before the first message', async () => {
    const { token } = await register(t.app);
    const eva = await memberWithProfile(t.app, 'Eva', 'female');
    const res = await api('POST', `/api/messages/${eva.id}`, token, { body: 'Hallo' });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toMatch(/Profil/);
  });

  it('stores a retried clientId once and refuses it for another message', async () => {
    const max = await memberWithProfile(t.app, 'Retry', 'male');
    const eva = await memberWithProfile(t.app, 'Eva', 'female');
    await buyPack(t.app, max.token, 'starter');
    const clientId = randomUUID();
    const first = (await send(max, eva.id, { body: 'Einmal', clientId })).json<{ message: ChatMessage }>();
    const again = (await send(max, eva.id, { body: 'Einmal', clientId })).json<{ message: ChatMessage; credits: number }>();
    expect(again.message.id).toBe(first.message.id);
    expect(again.credits).toBe(45);
    expect((await send(max, eva.id, { body: 'Anders', clientId })).statusCode).toBe(409);
    const parallel = await Promise.all(Array.from({ length: 5 }, () => send(max, eva.id, { body: 'Parallel', clientId: '6f1c2a3b-1d2e-4f50-8a6b-7c8d9e0f1a2b' })));
    expect(new Set(parallel.map((r) => r.json<{ message: ChatMessage }>().message.id)).size).toBe(1);
    expect(await messageCount(max.id)).toBe(2);
    expect(await credits(max)).toBe(40);
  });
});

describe('prepaid replies', () => {
  it('holds the credits in escrow and pays them to the recipient on the first reply, once', async () => {
    const max = await memberWithProfile(t.app, 'Max', 'male');
    const eva = await memberWithProfile(t.app, 'Eva', 'female');
    await buyPack(t.app, max.token, 'beliebt');
    const sent = await send(max, eva.id, { body: 'Antwortest du mir?', prepaidReply: 20 });
    expect(sent.json()).toMatchObject({ credits: 95, message: { prepaidReply: 20, prepaidReserved: 20 } });
    expect((await inbox(eva))[0]).toMatchObject({ prepaid_reply_reserved_credits: 20 });
    expect(await ledgerProblems(t.c.db)).toEqual([]);
    expect((await send(eva, max.id, { body: 'Klar!' })).statusCode).toBe(200);
    expect(await credits(eva)).toBe(20);
    expect((await inbox(eva))[0]).toMatchObject({ prepaid_reply_reserved_credits: 0 });
    expect((await send(eva, max.id, { body: 'Noch was' })).statusCode).toBe(200);
    expect(await credits(eva)).toBe(20);
    const history = (await api('GET', '/api/wallet', eva.token)).json<{ history: { amount: number; label: string }[] }>().history;
    expect(history).toEqual([expect.objectContaining({ amount: 20, label: 'Vorbezahlte Antwort erhalten' })]);
    expect(await ledgerProblems(t.c.db)).toEqual([]);
  });

  it('needs credits for the message and the prepaid reply together (402, nothing held)', async () => {
    const max = await memberWithProfile(t.app, 'Knapp', 'male');
    const eva = await memberWithProfile(t.app, 'Eva', 'female');
    await buyPack(t.app, max.token, 'starter');
    const res = await send(max, eva.id, { body: 'Hallo', prepaidReply: 46 });
    expect(res.statusCode).toBe(402);
    expect(res.json().message).toBe('Nicht genug Credits: Du brauchst 51, hast aber 50.');
    expect(await credits(max)).toBe(50);
    expect(await messageCount(max.id)).toBe(0);
  });

  it('refunds the sender when no reply comes within 7 days; a late reply earns nothing', async () => {
    const max = await memberWithProfile(t.app, 'Geduld', 'male');
    const eva = await memberWithProfile(t.app, 'Eva', 'female');
    await buyPack(t.app, max.token, 'starter');
    await send(max, eva.id, { body: 'Melde dich', prepaidReply: 30 });
    expect(await credits(max)).toBe(15);
    await expireEscrowsOf(max.id);
    expect(await t.c.escrows.refundExpired()).toBeGreaterThanOrEqual(1);
    expect(await credits(max)).toBe(45);
    expect(await t.c.escrows.refundExpired()).toBe(0);
    await send(eva, max.id, { body: 'Zu spät' });
    expect(await credits(eva)).toBe(0);
    expect(await credits(max)).toBe(45);
    expect(await ledgerProblems(t.c.db)).toEqual([]);
  });

  it('settles each escrow exactly once when replies and expiry jobs race', async () => {
    const pairs = await Promise.all(
      Array.from({ length: 6 }, async (_, i) => ({
        payer: await memberWithProfile(t.app, `Zahler ${i}`, 'male'),
        replier: await memberWithProfile(t.app, `Antwort ${i}`, 'female'),
      })),
    );
    for (const { payer, replier } of pairs) {
      await buyPack(t.app, payer.token, 'starter');
      await send(payer, replier.id, { body: 'Bitte antworte', prepaidReply: 10 });
    }
    // Half of them are due: the job and the reply race; the other half only the reply can settle.
    await expireEscrowsOf(...pairs.slice(0, 3).map((p) => p.payer.id));
    await Promise.all([
      ...pairs.map(({ payer, replier }) => send(replier, payer.id, { body: 'Antwort' })),
      t.c.escrows.refundExpired(),
      t.c.escrows.refundExpired(),
    ]);
    await t.c.escrows.refundExpired();
    for (const [i, { payer, replier }] of pairs.entries()) {
      const [p, r] = [await credits(payer), await credits(replier)];
      expect(p + r, `pair ${i}`).toBe(45 - 5 + 5); // 50 bought, 5 for the message: the 10 went one way only
      expect([p, r], `pair ${i}`).toEqual(i < 3 ? [45, 0] : [35, 10]);
    }
    const settled = await t.c.db.query<{ status: string; n: number }>(
      "SELECT status, count(*)::int AS n FROM escrows WHERE sender_id = ANY($1::uuid[]) GROUP BY status ORDER BY status",
      [pairs.map((p) => p.payer.id)],
    );
    expect(settled).toEqual([{ status: 'refunded', n: 3 }, { status: 'released', n: 3 }]);
    expect(await ledgerProblems(t.c.db)).toEqual([]);
  });
});

describe('conversations', () => {
  it('groups by member with unread counts, pages history and marks read', async () => {
    const eva = await memberWithProfile(t.app, 'Eva', 'female');
    const ida = await memberWithProfile(t.app, 'Ida', 'female');
    const ole = await memberWithProfile(t.app, 'Ole', 'female');
    for (let i = 1; i <= 5; i++) await send(ida, eva.id, { body: `Ida ${i}` });
    await send(ole, eva.id, { body: 'Ole 1' });
    await send(eva, ida.id, { body: 'Eva an Ida' });
    const [photo] = await t.c.db.query<{ id: string }>(
      "INSERT INTO photos (id, user_id, status, large_key, thumb_key, blur_key, width, height) VALUES (gen_random_uuid(), $1, 'approved', 'l', 't', 'b', 1, 1) RETURNING id",
      [ida.id],
    );
    const list = (await api('GET', '/api/conversations', eva.token)).json<{ memberId: string; name: string; unread: number; lastMessage: ChatMessage; thumbUrl: string | null }[]>();
    expect(list.map((c) => [c.name, c.unread, c.lastMessage.body])).toEqual([
      ['Ida', 5, 'Eva an Ida'],
      ['Ole', 1, 'Ole 1'],
    ]);
    // The age tells two members of one name apart (birth dates 1994-03-02; Ole's profile has none now); never the date itself.
    await t.c.db.query('UPDATE profiles SET birth_date = NULL WHERE user_id = $1', [ole.id]);
    const ages = (await api('GET', '/api/conversations', eva.token)).json<{ name: string; age: number | null }[]>();
    expect(ages.map((c) => [c.name, c.age])).toEqual([['Ida', ageOn('1994-03-02', berlinToday())], ['Ole', null]]);
    expect(JSON.stringify(ages)).not.toMatch(/1994|birth/i);
    // Each member's main photo as a signed thumbnail link; none for a member without a photo.
    expect(list.map((c) => c.thumbUrl?.split('?')[0] ?? null)).toEqual([`/api/photos/${photo!.id}/thumb`, null]);
    expect(list[0]!.thumbUrl).toMatch(/\?scope=public&exp=\d+&sig=[\w-]{43}$/);
    const page1 = (await api('GET', `/api/conversations/${ida.id}?limit=4`, eva.token)).json<{ messages: ChatMessage[]; before: string | null }>();
    expect(page1.messages.map((m) => m.body)).toEqual(['Ida 3', 'Ida 4', 'Ida 5', 'Eva an Ida']);
    const page2 = (await api('GET', `/api/conversations/${ida.id}?limit=4&before=${page1.before}`, eva.token)).json<{ messages: ChatMessage[]; before: string | null }>();
    expect(page2.messages.map((m) => m.body)).toEqual(['Ida 1', 'Ida 2']);
    expect(page2.before).toBeNull();
    expect((await api('GET', `/api/conversations/${ida.id}?before=kaputt`, eva.token)).statusCode).toBe(400);
    // A paging token opens only where it came from: another conversation (400), another member (400); an unknown member stays a 404.
    expect((await api('GET', `/api/conversations/${ole.id}?before=${page1.before}`, eva.token)).statusCode).toBe(400);
    expect((await api('GET', `/api/conversations/${eva.id}?before=${page1.before}`, ida.token)).statusCode).toBe(400);
    expect((await api('GET', `/api/conversations/${randomUUID()}?before=kaputt`, eva.token)).statusCode).toBe(404);
    expect((await api('POST', `/api/conversations/${ida.id}/read`, eva.token)).json()).toEqual({ marked: 5 });
    const after = (await api('GET', '/api/conversations', eva.token)).json<{ name: string; unread: number }[]>();
    expect(after.map((c) => [c.name, c.unread])).toEqual([['Ida', 0], ['Ole', 1]]);
  });

  it('never shows another pair\'s conversation', async () => {
    const [a, b, c] = await Promise.all(['A1', 'B1', 'C1'].map((n) => memberWithProfile(t.app, n, 'female')));
    await send(a!, b!.id, { body: 'Privat' });
    const view = (await api('GET', `/api/conversations/${a!.id}`, c!.token)).json<{ messages: ChatMessage[] }>();
    expect(view.messages).toEqual([]);
    expect(await inbox(c!)).toEqual([]);
  });
});

describe('realtime', () => {
  it('delivers a `message` event to the recipient and the sender\'s other sessions after it is stored', async () => {
    const eva = await memberWithProfile(t.app, 'Eva', 'female');
    const tom = await memberWithProfile(t.app, 'Tom', 'male');
    const evaSocket = connectClient(t.base, eva.token);
    const tomSocket = connectClient(t.base, tom.token);
    await Promise.all([evaSocket.connected(), tomSocket.connected()]);
    const got = (s: typeof evaSocket) => new Promise<MessageEvent>((resolve) => s.socket.once('message', resolve));
    const [toTom, toEva] = [got(tomSocket), got(evaSocket)];
    const res = await send(eva, tom.id, { body: 'Live!' });
    const stored = res.json<{ message: ChatMessage }>().message;
    expect((await toTom).message).toEqual(stored);
    expect((await toEva).message.id).toBe(stored.id);
    evaSocket.close();
    tomSocket.close();
  });
});
