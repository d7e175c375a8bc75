import { COMPANION_AI_DISCLOSURE, COMPANION_UNAVAILABLE } from '@funkeln/contracts/companion';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Api, say, startConversation } from '../../../test/companion.js';
import { createTestApp, register, type TestApp } from '../../../test/harness.js';
import { apiAs, buyPack } from '../../../test/members.js';
import { startOpenAiServer } from '../../../test/openai-server.js';
import { countTransactions } from '../../../test/transactions.js';
import { PERSONA } from './persona.js';

const credits = async (api: Api, token: string) => (await api('GET', '/api/wallet', token)).json<{ credits: number }>().credits;
const start = startConversation;

describe('the embedded companion (no model configured)', () => {
  let t: TestApp;
  let api: Api;
  beforeAll(async () => {
    t = await createTestApp();
    api = apiAs(t.app);
  });
  afterAll(() => t.close());

  it('greets in German, says it is an AI, and lists conversations newest first', async () => {
    const { token } = await register(t.app, undefined, 'Kiwi-Wolke-Geheim-42', 'Mara');
    const info = (await api('GET', '/api/ai/df/info', token)).json();
    expect(info).toEqual({ kind: 'embedded', label: expect.stringContaining('Offline'), cost: 2, isPremium: false });
    const first = await start(api, token);
    // EU AI Act Art. 50 (issue 57 item 5): the first turn of every conversation says it, in the page's words.
    expect(first.greeting.startsWith(`Hallo Mara! ${COMPANION_AI_DISCLOSURE} `)).toBe(true);
    const second = await start(api, token);
    const list = (await api('GET', '/api/ai/df/conversations', token)).json<{ id: string; title: string; started_at: string }[]>();
    expect(list.map((c) => c.id)).toEqual([second.id, first.id]);
    expect(list[0]).toMatchObject({ title: 'Neue Unterhaltung', started_at: expect.any(String) });
  });

  it('starts a conversation with its greeting in one statement, no transaction (PGlite has one connection)', async () => {
    const { token } = await register(t.app, undefined, 'Kiwi-Wolke-Geheim-42', 'Jonas');
    const opened = countTransactions(t.c.db);
    let started: { id: string; greeting: string };
    try {
      started = await start(api, token);
      expect(opened.count()).toBe(0);
    } finally {
      opened.restore();
    }
    const history = (await api('GET', `/api/ai/df/${started.id}/messages`, token)).json<{ role: string; content: string }[]>();
    expect(history).toEqual([expect.objectContaining({ role: 'assistant', content: started.greeting })]);
  });

  it("titles a conversation after the member's first message, shortened, and keeps that title", async () => {
    const { token } = await register(t.app);
    await buyPack(t.app, token, 'starter');
    const { id } = await start(api, token);
    const first = 'Wie schreibe ich eine erste Nachricht, die wirklich neugierig macht und nicht langweilt?';
    expect((await say(api, token, id, first)).statusCode).toBe(200);
    expect((await say(api, token, id, 'Danke dir!')).statusCode).toBe(200);
    const [listed] = (await api('GET', '/api/ai/df/conversations', token)).json<{ title: string }[]>();
    expect(listed?.title).toBe(`${first.slice(0, 47)}…`);
    const history = (await api('GET', `/api/ai/df/${id}/messages`, token)).json<{ role: string; content: string }[]>();
    expect(history.map((h) => h.role)).toEqual(['assistant', 'user', 'assistant', 'user', 'assistant']);
    expect(history[1]?.content).toBe(first);
  });

  it("never answers from another member's conversation: its id is a 404 and its turns stay out of the reply", async () => {
    const owner = await register(t.app);
    const other = await register(t.app);
    await buyPack(t.app, owner.token, 'starter');
    await buyPack(t.app, other.token, 'starter');
    const { id } = await start(api, owner.token);
    await say(api, owner.token, id, 'Mein Hund heißt Zorro.');
    const before = await credits(api, other.token);
    const res = await say(api, other.token, id, 'Wie heißt mein Hund?');
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toContain('Zorro');
    expect(await credits(api, other.token)).toBe(before);
  });

  it('recalls a saved memory when the member asks about it', async () => {
    const { token } = await register(t.app);
    await buyPack(t.app, token, 'starter');
    await api('POST', '/api/ai/df/memory', token, { content: 'Mein Lieblingsessen ist Käsespätzle.', tags: ['Essen'] });
    await api('POST', '/api/ai/df/memory', token, { content: 'Ich habe einen Hund namens Bruno.', tags: ['Haustier'] });
    const { id } = await start(api, token);
    const res = await say(api, token, id, 'Erinnerst du dich an mein Lieblingsessen?');
    expect(res.statusCode).toBe(200);
    expect(res.json().reply).toContain('Käsespätzle');
    expect(res.json().reply).not.toContain('Bruno');
    const dog = await say(api, token, id, 'Weißt du noch, wie mein Hund heißt?');
    expect(dog.json().reply).toContain('Bruno');
  });

  it('answers plain questions from saved memories and earlier turns, and guesses nothing', async () => {
    const { token } = await register(t.app);
    await buyPack(t.app, token, 'starter');
    await api('POST', '/api/ai/df/memory', token, { content: 'Mein Hund heißt Bello.', tags: [] });
    await api('POST', '/api/ai/df/memory', token, { content: 'Ich trinke am liebsten Cappuccino.', tags: [] });
    const { id } = await start(api, token);
    const dog = (await say(api, token, id, 'Wie heißt mein Hund?')).json().reply as string;
    expect(dog).toContain('Bello');
    expect(dog).not.toContain('Cappuccino');
    expect((await say(api, token, id, 'Was trinke ich am liebsten?')).json().reply).toContain('Cappuccino');
    await say(api, token, id, 'Meine Schwester heißt Ida.');
    expect((await say(api, token, id, 'Wie heißt meine Schwester?')).json().reply).toContain('Du hast vorhin geschrieben: „Meine Schwester heißt Ida.“');
    const cat = (await say(api, token, id, 'Wie heißt meine Katze?')).json().reply as string;
    expect(cat).not.toMatch(/Bello|Ida/);
  });

  it('recalls what the member said earlier in the conversation', async () => {
    const { token } = await register(t.app);
    await buyPack(t.app, token, 'starter');
    const { id } = await start(api, token);
    await say(api, token, id, 'Ich gehe am Samstag mit Jana ins Kino.');
    const res = await say(api, token, id, 'Was habe ich dir über Samstag erzählt?');
    expect(res.json().reply).toContain('Ich gehe am Samstag mit Jana ins Kino.');
  });

  it('answers self-harm with care and the Telefonseelsorge', async () => {
    const { token } = await register(t.app);
    await buyPack(t.app, token, 'starter');
    const { id } = await start(api, token);
    const reply = (await say(api, token, id, 'Ich will nicht mehr leben.')).json().reply as string;
    expect(reply).toContain('0800 111 0 111');
    expect(reply).toContain('0800 111 0 222');
  });

  it('charges others exactly once per delivered reply, premium not at all; 402 without credits', async () => {
    const { token } = await register(t.app);
    const { id } = await start(api, token);
    const poor = await say(api, token, id, 'Hallo!');
    expect(poor.statusCode).toBe(402);
    expect(poor.json().message).toBe('Nicht genug Credits: Du brauchst 2, hast aber 0.');
    expect((await api('GET', `/api/ai/df/${id}/messages`, token)).json()).toHaveLength(1); // the greeting only
    await buyPack(t.app, token, 'starter');
    expect((await say(api, token, id, 'Hallo!')).json()).toMatchObject({ credits: 48 });
    const key = { 'idempotency-key': 'df-1' };
    expect((await say(api, token, id, 'Hilf mir beim Profil', key)).json()).toMatchObject({ credits: 46 });
    expect((await say(api, token, id, 'Hilf mir beim Profil', key)).json()).toMatchObject({ credits: 46 });
    expect(await credits(api, token)).toBe(46);
    expect((await api('GET', `/api/ai/df/${id}/messages`, token)).json()).toHaveLength(5);
    await t.c.settings.update({ PREMIUM_PRICE_CREDITS: '40' });
    await api('POST', '/api/wallet/premium', token);
    await t.c.settings.update({ PREMIUM_PRICE_CREDITS: '300' });
    expect((await say(api, token, id, 'Date-Ideen bitte')).json()).toMatchObject({ credits: null });
    expect(await credits(api, token)).toBe(6);
  });

  it('keeps conversations and memories to their member; validates input in German', async () => {
    const a = await register(t.app);
    const b = await register(t.app);
    const { id } = await start(api, a.token);
    expect((await api('GET', `/api/ai/df/${id}/messages`, b.token)).statusCode).toBe(404);
    expect((await say(api, b.token, id, 'Hallo')).statusCode).toBe(404);
    const saved = (await api('POST', '/api/ai/df/memory', a.token, { content: 'Geheim', tags: [] })).json<{ id: string }>();
    expect((await api('DELETE', `/api/ai/df/memories/${saved.id}`, b.token)).statusCode).toBe(404);
    expect((await api('GET', '/api/ai/df/memories', b.token)).json()).toEqual([]);
    expect((await api('GET', '/api/ai/df/memories', a.token)).json()).toEqual([expect.objectContaining({ id: saved.id, content: 'Geheim', tags: [] })]);
    expect((await api('DELETE', `/api/ai/df/memories/${saved.id}`, a.token)).statusCode).toBe(200);
    expect((await api('GET', '/api/ai/df/memories', a.token)).json()).toEqual([]);
    const bad: [string, object, RegExp][] = [
      [`/api/ai/df/${id}/message`, { content: '' }, /schreib eine Nachricht/],
      [`/api/ai/df/${id}/message`, { content: 'x'.repeat(4001) }, /höchstens 4000 Zeichen/],
      ['/api/ai/df/memory', { tags: ['a'] }, /Text für die Erinnerung/],
      ['/api/ai/df/memory', { content: 'x', tags: Array(11).fill('t') }, /Höchstens 10 Schlagwörter/],
      ['/api/ai/df/memory', { content: 'x', tags: ['y'.repeat(31)] }, /höchstens 30 Zeichen/],
      ['/api/ai/df/kein-uuid/message', { content: 'Hi' }, /Unterhaltungs-ID/],
    ];
    for (const [url, body, message] of bad) {
      const res = await api('POST', url, a.token, body);
      expect(res.statusCode, url).toBe(400);
      expect(res.json().message).toMatch(message);
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/ai/df/conversations' })).statusCode).toBe(401);
  });
});

describe.each([
  ['streaming', 'true'],
  ['non-streaming', 'false'],
])('a model over the OpenAI protocol (%s)', (_name, stream) => {
  let t: TestApp;
  let api: Api;
  let model: Awaited<ReturnType<typeof startOpenAiServer>>;
  beforeAll(async () => {
    model = await startOpenAiServer();
    t = await createTestApp({ COMPANION_BASE_URL: model.baseUrl, COMPANION_API_KEY: 'sk-test', COMPANION_MODEL: 'test-model', COMPANION_TIMEOUT_MS: '400', COMPANION_STREAM: stream });
    api = apiAs(t.app);
  });
  afterAll(async () => {
    await t.close();
    await model.close();
  });

  it('sends the persona, the relevant memories and the recent turns, and returns the reply', async () => {
    const { token } = await register(t.app);
    await buyPack(t.app, token, 'starter');
    await api('POST', '/api/ai/df/memory', token, { content: 'Ich spiele jeden Dienstag Volleyball.', tags: ['Sport'] });
    await api('POST', '/api/ai/df/memory', token, { content: 'Meine Schwester heißt Ida.', tags: ['Familie'] });
    const { id } = await start(api, token);
    model.behave({ kind: 'reply', text: 'Super, erzähl mir mehr!' });
    await say(api, token, id, 'Ich habe morgen ein Date.');
    model.behave({ kind: 'reply', text: 'Wie wäre es mit Beachvolleyball als Date?' });
    const res = await say(api, token, id, 'Welche Date-Idee passt zu meinem Sport?');
    expect(res.json()).toEqual({ reply: 'Wie wäre es mit Beachvolleyball als Date?', credits: 46 });
    const sent = model.requests.at(-1)!;
    expect(sent.model).toBe('test-model');
    expect(sent.stream).toBe(stream === 'true');
    expect(model.authorizations.at(-1)).toBe('Bearer sk-test');
    expect(sent.messages[0]).toEqual({ role: 'system', content: PERSONA });
    const memories = sent.messages[1]!;
    expect(memories.role).toBe('system');
    expect(memories.content.indexOf('Volleyball')).toBeGreaterThan(-1);
    expect(memories.content.indexOf('Volleyball')).toBeLessThan(memories.content.indexOf('Ida')); // most relevant first
    expect(sent.messages.slice(2)).toEqual([
      { role: 'assistant', content: expect.stringMatching(/^Hallo /) },
      { role: 'user', content: 'Ich habe morgen ein Date.' },
      { role: 'assistant', content: 'Super, erzähl mir mehr!' },
      { role: 'user', content: 'Welche Date-Idee passt zu meinem Sport?' },
    ]);
    expect((await api('GET', '/api/ai/df/info', token)).json()).toMatchObject({ kind: 'model', label: 'Sprachmodell test-model' });
  });

  it('charges nothing and answers with the German error when the model times out or fails', async () => {
    const { token } = await register(t.app);
    await buyPack(t.app, token, 'starter');
    const { id } = await start(api, token);
    for (const failure of [{ kind: 'hang' as const }, { kind: 'status' as const, status: 500 }, { kind: 'status' as const, status: 503 }]) {
      const before = model.requests.length;
      model.behave(failure);
      const res = await say(api, token, id, 'Bist du da?');
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({ error: 'companion_unavailable', message: COMPANION_UNAVAILABLE });
      expect(model.requests.length - before).toBe(3); // the first try and two retries
    }
    expect(await credits(api, token)).toBe(50);
    expect((await api('GET', `/api/ai/df/${id}/messages`, token)).json()).toHaveLength(1);
    // A failure, then a good answer on the retry: delivered and charged once.
    model.behave({ kind: 'status', status: 502 }, { kind: 'reply', text: 'Da bin ich!' });
    expect((await say(api, token, id, 'Jetzt?')).json()).toEqual({ reply: 'Da bin ich!', credits: 48 });
  });

  it('adds the Telefonseelsorge when a model forgets it', async () => {
    const { token } = await register(t.app);
    await buyPack(t.app, token, 'starter');
    const { id } = await start(api, token);
    model.behave({ kind: 'reply', text: 'Das tut mir leid.' });
    const reply = (await say(api, token, id, 'Ich denke an Suizid.')).json().reply as string;
    expect(reply).toMatch(/^Das tut mir leid\./);
    expect(reply).toContain('0800 111 0 111');
  });
});
