import type { ChatMessage, MessageEvent, PatternFlags } from '@funkeln/contracts/messages';
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/fixture.js';
import { register } from '../../../test/harness.js';
import { buyPack, confirmEmail, ledgerProblems, memberWithProfile, type ApiMember } from '../../../test/members.js';
import { connectClient } from '../../../test/sockets.js';

// Issue 57 items 6 and 7: "Bist du sicher?", "Stört dich das?", scam hints, patterns across recipients.
const t = useTestApp({ listen: true, env: { ADMIN_EMAILS: 'team@example.org' } });
const { api } = t;
let admin: string;

beforeAll(async () => {
  const { token } = await register(t.app, 'team@example.org', 'Kiwi-Wolke-Geheim-42', 'Team');
  await confirmEmail(t.c, (await api('GET', '/api/me', token)).json<{ id: string }>().id);
  admin = token;
});

const send = (from: ApiMember, to: string, body: object) => api('POST', `/api/messages/${to}`, from.token, body);
const credits = async (m: ApiMember) => (await api('GET', '/api/wallet', m.token)).json<{ credits: number }>().credits;
const messageCount = async (senderId: string) => (await t.c.db.query<{ n: number }>('SELECT count(*)::int AS n FROM messages WHERE sender_id = $1', [senderId]))[0]!.n;
const thread = async (viewer: ApiMember, other: ApiMember) => (await api('GET', `/api/conversations/${other.id}`, viewer.token)).json<{ messages: ChatMessage[] }>().messages;
const flags = async () => (await api('GET', '/api/admin/message-flags', admin)).json<PatternFlags>().items;

describe('"Bist du sicher?"', () => {
  it('refuses a flagged message until confirmed: 409 with the reason, nothing stored, nothing booked, not even a prepaid reply', async () => {
    const max = await memberWithProfile(t.app, 'Max', 'male');
    const eva = await memberWithProfile(t.app, 'Eva', 'female');
    await buyPack(t.app, max.token, 'starter');
    const before = await credits(max);
    const res = await send(max, eva.id, { body: 'Du bist so eine Schlampe', prepaidReply: 10 });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ error: 'message_nudge', message: 'Deine Nachricht könnte beleidigend wirken.' });
    expect((await send(max, eva.id, { body: 'Ich weiß, wo du wohnst.' })).json()).toMatchObject({ message: 'Deine Nachricht könnte als Drohung verstanden werden.' });
    expect((await send(max, eva.id, { body: 'schick mir nacktbilder' })).json()).toMatchObject({ message: 'Deine Nachricht könnte anzüglich oder aufdringlich wirken.' });
    expect(await messageCount(max.id)).toBe(0);
    expect(await credits(max)).toBe(before);
    expect((await t.c.db.query<{ n: number }>('SELECT count(*)::int AS n FROM escrows WHERE sender_id = $1', [max.id]))[0]!.n).toBe(0);
    expect(await ledgerProblems(t.c.db)).toEqual([]);
  });

  it('stores a confirmed one and charges it once; the sender sees no flag, the recipient "Stört dich das?"; the recipient may report it', async () => {
    const max = await memberWithProfile(t.app, 'Moritz', 'male');
    const eva = await memberWithProfile(t.app, 'Ella', 'female');
    await buyPack(t.app, max.token, 'starter');
    const before = await credits(max);
    const clientId = randomUUID();
    const res = await send(max, eva.id, { body: 'Du Idiot', confirmed: true, clientId });
    expect(res.statusCode).toBe(200);
    const sent = res.json<{ message: ChatMessage; credits: number }>();
    expect(sent.credits).toBe(before - 5);
    expect(sent.message.safety).toBeUndefined();
    // A retry of the stored message is a replay, confirmed or not.
    expect((await send(max, eva.id, { body: 'Du Idiot', clientId })).json<{ credits: number }>().credits).toBe(before - 5);
    expect(await messageCount(max.id)).toBe(1);
    expect((await thread(max, eva))[0]?.safety).toBeUndefined();
    expect((await thread(eva, max))[0]?.safety).toEqual({ askIfBothered: true, hint: null });
    const report = await api('POST', '/api/reports', eva.token, { messageId: sent.message.id, reason: 'harassment' });
    expect(report.statusCode).toBe(200);
    // The sender cannot report his own message to learn anything.
    expect((await api('POST', '/api/reports', max.token, { messageId: sent.message.id, reason: 'harassment' })).statusCode).toBe(404);
  });

  it('lets ordinary messages through without a question, confirmed or not; `confirmed` must be a boolean', async () => {
    const eva = await memberWithProfile(t.app, 'Greta', 'female');
    const tom = await memberWithProfile(t.app, 'Tom', 'male');
    expect((await send(eva, tom.id, { body: 'Du bist aber schlampig mit dem Antworten 😄' })).statusCode).toBe(200);
    expect((await send(eva, tom.id, { body: 'Ich bring dich um 8 nach Hause.', confirmed: true })).statusCode).toBe(200);
    expect((await thread(tom, eva)).map((m) => m.safety)).toEqual([undefined, undefined]);
    const bad = await send(eva, tom.id, { body: 'Hallo', confirmed: 'ja' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ error: 'validation_error' });
    // A NUL byte cannot split a word past the classifier: the text is refused before it is read.
    expect((await send(eva, tom.id, { body: 'Schl\u0000ampe', confirmed: false })).statusCode).toBe(400);
  });

  it('sends each side of a flagged message its own view over the socket', async () => {
    const eva = await memberWithProfile(t.app, 'Lotte', 'female');
    const tom = await memberWithProfile(t.app, 'Timo', 'male');
    const evaSocket = connectClient(t.base, eva.token);
    const tomSocket = connectClient(t.base, tom.token);
    await Promise.all([evaSocket.connected(), tomSocket.connected()]);
    const got = (s: typeof evaSocket) => new Promise<MessageEvent>((resolve) => s.socket.once('message', resolve));
    const [toTom, toEva] = [got(tomSocket), got(evaSocket)];
    expect((await send(eva, tom.id, { body: 'Du Wichser, meine IBAN ist DE89 3704 0044 0532 0130 00', confirmed: true })).statusCode).toBe(200);
    expect((await toTom).message.safety).toEqual({ askIfBothered: true, hint: 'money' });
    expect((await toEva).message.safety).toBeUndefined();
    evaSocket.close();
    tomSocket.close();
  });
});

describe('scam hints', () => {
  it('shows the recipient a money hint at every point and an off-platform hint only in the first messages', async () => {
    const lena = await memberWithProfile(t.app, 'Lena', 'female');
    const ben = await memberWithProfile(t.app, 'Ben', 'female');
    expect((await send(lena, ben.id, { body: 'Schreib mir auf WhatsApp: 0170 1234567' })).statusCode).toBe(200);
    for (let i = 0; i < 9; i++) expect((await send(i % 2 ? lena : ben, i % 2 ? ben.id : lena.id, { body: `Nachricht ${i}` })).statusCode).toBe(200);
    await send(lena, ben.id, { body: 'Hier meine Nummer: 0170 1234567' });
    await send(lena, ben.id, { body: 'Kannst du mir 200 Euro per PayPal schicken?' });
    const seen = (await thread(ben, lena)).filter((m) => m.senderId === lena.id);
    expect(seen[0]?.safety).toEqual({ askIfBothered: false, hint: 'contact' });
    expect(seen.at(-2)?.safety).toBeUndefined();
    expect(seen.at(-1)?.safety).toEqual({ askIfBothered: false, hint: 'money' });
    expect((await thread(lena, ben)).every((m) => m.senderId !== lena.id || m.safety === undefined)).toBe(true);
  });
});

describe('patterns across recipients ("Auffällige Nachrichten")', () => {
  it('flags one member sending one number to SCAM_PATTERN_RECIPIENTS members within a day, also when sent at once; admins only; dismissed once', async () => {
    expect((await api('PUT', '/api/admin/settings', admin, { SCAM_PATTERN_RECIPIENTS: '3' })).statusCode).toBe(200);
    const sender = await memberWithProfile(t.app, 'Serienbriefe', 'female');
    const others = await Promise.all(['R1', 'R2', 'R3', 'R4'].map((n) => memberWithProfile(t.app, n, 'male')));
    // The same recipient twice counts once.
    await send(sender, others[0]!.id, { body: 'Meine Nummer: +49 170 7654321' });
    await send(sender, others[0]!.id, { body: 'Nochmal: 0170-765 43 21' });
    await t.c.eventOutbox.idle();
    expect((await flags()).filter((f) => f.memberId === sender.id)).toEqual([]);
    const sends = await Promise.all(others.slice(1).map((o) => send(sender, o.id, { body: 'Ruf an: 0049 170 7654321' })));
    expect(sends.map((r) => r.statusCode)).toEqual([200, 200, 200]);
    await t.c.eventOutbox.idle();
    const mine = (await flags()).filter((f) => f.memberId === sender.id);
    expect(mine).toEqual([expect.objectContaining({ name: 'Serienbriefe', kind: 'phone', recipients: 4 })]);
    const stored = await t.c.db.query<{ pattern: Buffer }>('SELECT pattern FROM message_pattern_flags WHERE sender_id = $1', [sender.id]);
    expect(Buffer.from(stored[0]!.pattern).toString('utf8')).not.toContain('7654321');
    expect((await api('GET', '/api/admin/message-flags', sender.token)).statusCode).toBe(403);
    expect((await api('POST', `/api/admin/message-flags/${mine[0]!.id}/dismiss`, sender.token)).statusCode).toBe(403);
    const [one, two] = await Promise.all([1, 2].map(() => api('POST', `/api/admin/message-flags/${mine[0]!.id}/dismiss`, admin)));
    expect([one!.statusCode, two!.statusCode].sort()).toEqual([200, 409]);
    expect((await flags()).filter((f) => f.memberId === sender.id)).toEqual([]);
    const audit = async () => (await api('GET', '/api/admin/audit', admin)).json<{ action: string; target: string }[]>();
    await expect.poll(async () => (await audit()).filter((e) => e.action === 'message_flag.dismiss').map((e) => e.target)).toEqual([mine[0]!.id]);
    expect((await api('POST', `/api/admin/message-flags/${randomUUID()}/dismiss`, admin)).statusCode).toBe(404);
    expect((await api('POST', '/api/admin/message-flags/nicht-da/dismiss', admin)).statusCode).toBe(400);
  });
});

describe('the admin word list (MESSAGE_NUDGE_TERMS)', () => {
  it('is validated line by line and takes effect at once', async () => {
    const bad = await api('PUT', '/api/admin/settings', admin, { MESSAGE_NUDGE_TERMS: 'beleidigung: lauch\nquatsch' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json<{ message: string }>().message).toContain('Zeile 2');
    const eva = await memberWithProfile(t.app, 'Wortliste', 'female');
    const tom = await memberWithProfile(t.app, 'Empfänger', 'male');
    expect((await send(eva, tom.id, { body: 'du lauch' })).statusCode).toBe(200);
    expect((await api('PUT', '/api/admin/settings', admin, { MESSAGE_NUDGE_TERMS: 'beleidigung: lauch' })).statusCode).toBe(200);
    expect((await send(eva, tom.id, { body: 'du L4uch' })).statusCode).toBe(409);
    expect((await api('PUT', '/api/admin/settings', admin, { MESSAGE_NUDGE_TERMS: 'x'.repeat(20_001) })).statusCode).toBe(400);
  });
});
