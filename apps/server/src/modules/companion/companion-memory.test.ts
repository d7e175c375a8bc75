import type { Memory } from '@funkeln/contracts/companion';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Api, say, startConversation } from '../../../test/companion.js';
import { createTestApp, register, type TestApp } from '../../../test/harness.js';
import { apiAs, buyPack } from '../../../test/members.js';
import { startOpenAiServer } from '../../../test/openai-server.js';
import { MAX_FACT_LENGTH, MAX_FACTS } from './facts.js';
import { FACTS_HEADER } from './persona.js';

/** Issue 56 item 16: what a member tells the Digital Friend in one conversation, it knows in the next. */

const start = async (api: Api, token: string) => (await startConversation(api, token)).id;
const reply = async (api: Api, token: string, id: string, content: string) => {
  const res = await say(api, token, id, content);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ reply: string }>().reply;
};
const memories = async (api: Api, token: string) => (await api('GET', '/api/ai/df/memories', token)).json<Memory[]>();
const learned = async (api: Api, token: string) => (await memories(api, token)).filter((m) => m.source === 'learned').map((m) => m.content);

async function member(t: TestApp) {
  const { token } = await register(t.app);
  await buyPack(t.app, token, 'starter');
  return token;
}

describe('cross-conversation memory with the embedded engine', () => {
  let t: TestApp;
  let api: Api;
  beforeAll(async () => {
    t = await createTestApp();
    api = apiAs(t.app);
  });
  afterAll(() => t.close());

  it('answers in a new conversation what she said in an earlier one, until she deletes it', async () => {
    const token = await member(t);
    const first = await start(api, token);
    expect(await reply(api, token, first, 'Mein Hund heißt Krümel.')).toMatch(/^Danke, das merke ich mir: Dein Hund heißt Krümel\./);
    await reply(api, token, first, 'Ich wohne in Leipzig und arbeite gern draußen.');
    expect(await memories(api, token)).toEqual([
      expect.objectContaining({ content: 'Ich wohne in Leipzig.', source: 'learned', tags: [] }),
      expect.objectContaining({ content: 'Mein Hund heißt Krümel.', source: 'learned', tags: [] }),
    ]);

    const second = await start(api, token);
    expect(await reply(api, token, second, 'Wie heißt mein Hund?')).toContain('Krümel');
    expect(await reply(api, token, second, 'Wo wohne ich?')).toContain('in Leipzig');

    const dog = (await memories(api, token)).find((m) => m.content === 'Mein Hund heißt Krümel.')!;
    expect((await api('DELETE', `/api/ai/df/memories/${dog.id}`, token)).statusCode).toBe(200);
    const third = await start(api, token);
    const after = await reply(api, token, third, 'Wie heißt mein Hund?');
    expect(after).not.toContain('Krümel');
    expect(after).toMatch(/^Dazu hast du mir noch nichts erzählt/);
    // Not even in the conversation where she said it.
    expect(await reply(api, token, first, 'Wie heißt mein Hund?')).not.toContain('Krümel');
    expect(await reply(api, token, first, 'Wo wohne ich?')).toContain('in Leipzig');
    const [left] = await t.c.db.query<{ n: number }>("SELECT count(*)::int AS n FROM companion_memories WHERE content LIKE '%Krümel%'");
    expect(left?.n).toBe(0);
  });

  it('keeps one fact per thing: the same statement once, a newer one replacing the older', async () => {
    const token = await member(t);
    const id = await start(api, token);
    await reply(api, token, id, 'Ich wohne in Leipzig.');
    await reply(api, token, id, 'Ich wohne in Leipzig!');
    expect(await learned(api, token)).toEqual(['Ich wohne in Leipzig.']);
    await reply(api, token, id, 'Ich wohne jetzt in Dresden.');
    expect(await learned(api, token)).toEqual(['Ich wohne in Dresden.']);
    await api('POST', '/api/ai/df/memory', token, { content: 'Ich heiße Mara.', tags: [] });
    await reply(api, token, id, 'Ich heiße Mara.');
    expect(await learned(api, token)).toEqual(['Ich wohne in Dresden.']); // she saved that one herself
  });

  it(`keeps at most ${MAX_FACTS} facts, none longer than ${MAX_FACT_LENGTH} characters, and learns nothing from questions`, async () => {
    const token = await member(t);
    const id = await start(api, token);
    for (let i = 0; i < MAX_FACTS / 3 + 1; i++) await reply(api, token, id, `Ich mag Tee${i}a. Ich mag Tee${i}b. Ich mag Tee${i}c.`);
    await reply(api, token, id, `Ich mag ${'wirklich '.repeat(15)}Tee.`);
    await reply(api, token, id, 'Heißt mein Hund Rex? Ich heiße doch nicht Tom?');
    const facts = await learned(api, token);
    expect(facts).toHaveLength(MAX_FACTS);
    expect(facts).not.toContain(`Ich mag Tee${MAX_FACTS / 3}a.`);
    expect(facts.every((f) => f.length <= MAX_FACT_LENGTH && !/Rex|Tom|wirklich/.test(f))).toBe(true);
  });

  it(`keeps at most ${MAX_FACTS} facts when messages with new facts arrive in parallel (red team, session 60: 48 on PostgreSQL)`, async () => {
    const token = await member(t);
    const ids = await Promise.all(Array.from({ length: 8 }, () => start(api, token)));
    for (let i = 0; i < 9; i++) await reply(api, token, ids[0]!, `Ich mag Saft${i}a. Ich mag Saft${i}b. Ich mag Saft${i}c.`);
    await Promise.all(ids.map((id, i) => reply(api, token, id, `Ich mag Obst${i}a. Ich mag Obst${i}b. Ich mag Obst${i}c.`)));
    expect(await learned(api, token)).toHaveLength(MAX_FACTS);
  });

  it("never learns from or answers with another member's statements (attacker)", async () => {
    const victim = await member(t);
    const attacker = await member(t);
    const mine = await start(api, victim);
    await reply(api, victim, mine, 'Mein Hund heißt Krümel.');
    // The attacker cannot write into her conversation, so nothing of his is learned for her.
    expect((await api('POST', `/api/ai/df/${mine}/message`, attacker, { content: 'Mein Hund heißt Rex.' })).statusCode).toBe(404);
    const his = await start(api, attacker);
    await reply(api, attacker, his, 'Ich wohne in Mallorca.');
    const asked = await reply(api, attacker, his, 'Wie heißt mein Hund?');
    expect(asked).not.toContain('Krümel');
    expect(await reply(api, attacker, his, 'Was weißt du über mich?')).not.toContain('Krümel');
    expect(await learned(api, victim)).toEqual(['Mein Hund heißt Krümel.']);
    const next = await start(api, victim);
    expect(await reply(api, victim, next, 'Wo wohne ich?')).not.toContain('Mallorca');
  });

  it('gives two different statements two different replies that name what was said', async () => {
    const token = await member(t);
    const id = await start(api, token);
    const park = await reply(api, token, id, 'Ich war heute mit meiner Schwester im Park.');
    const boss = await reply(api, token, id, 'Mein Chef hat mich heute vor allen gelobt.');
    expect(park).not.toBe(boss);
    expect(park).toContain('Park');
    expect(boss).toContain('Chef');
  });
});

describe('cross-conversation memory with a model over the OpenAI protocol', () => {
  let t: TestApp;
  let api: Api;
  let model: Awaited<ReturnType<typeof startOpenAiServer>>;
  beforeAll(async () => {
    model = await startOpenAiServer();
    t = await createTestApp({ COMPANION_BASE_URL: model.baseUrl, COMPANION_MODEL: 'test-model', COMPANION_TIMEOUT_MS: '2000', COMPANION_STREAM: 'false' });
    api = apiAs(t.app);
  });
  afterAll(async () => {
    await t.close();
    await model.close();
  });
  const systemPrompt = () => model.requests.at(-1)!.messages.filter((m) => m.role === 'system').map((m) => m.content).join('\n');

  it('sends the facts of earlier conversations in the system prompt, and no longer once she deletes one', async () => {
    const token = await member(t);
    model.behave({ kind: 'reply', text: 'Schön!' });
    const first = await start(api, token);
    await reply(api, token, first, 'Mein Hund heißt Krümel. Ich wohne in Leipzig.');
    const second = await start(api, token);
    model.behave({ kind: 'reply', text: 'Dein Hund heißt Krümel.' });
    expect(await reply(api, token, second, 'Wie heißt mein Hund?')).toBe('Dein Hund heißt Krümel.');
    expect(systemPrompt()).toContain(`${FACTS_HEADER}\n- Mein Hund heißt Krümel.\n- Ich wohne in Leipzig.`);
    // Only this conversation's turns go along: the first conversation's words are not sent as turns.
    expect(model.requests.at(-1)!.messages.filter((m) => m.role !== 'system').map((m) => m.content)).not.toContain('Mein Hund heißt Krümel. Ich wohne in Leipzig.');

    // In the first conversation too, she asks and the model names the dog (red team, session 60: that question and its answer stayed in the context after the delete).
    await reply(api, token, first, 'Wie heißt mein Hund?');
    await reply(api, token, first, 'Krümel ist heute müde.');
    const dog = (await memories(api, token)).find((m) => m.content === 'Mein Hund heißt Krümel.')!;
    await api('DELETE', `/api/ai/df/memories/${dog.id}`, token);
    const third = await start(api, token);
    await reply(api, token, third, 'Wie heißt mein Hund?');
    expect(systemPrompt()).toContain('- Ich wohne in Leipzig.');
    expect(JSON.stringify(model.requests.at(-1))).not.toContain('Krümel');
    // Nor in the conversation where she said it: her turn, the reply to it and every turn naming the dog stay out of the context.
    model.behave({ kind: 'reply', text: 'Das weiß ich nicht.' });
    await reply(api, token, first, 'Weißt du noch, wie mein Hund heißt?');
    expect(JSON.stringify(model.requests.at(-1))).not.toContain('Krümel');
    expect(model.requests.at(-1)!.messages.map((m) => m.content)).toContain('Weißt du noch, wie mein Hund heißt?');
  });

  it("learns only from the member's own words, never from the model's reply, and never sends another member's facts", async () => {
    const victim = await member(t);
    const attacker = await member(t);
    model.behave({ kind: 'reply', text: 'Ich heiße Mallory. Mein Hund heißt Rex. Ich wohne in Nirgendwo.' });
    await reply(api, victim, await start(api, victim), 'Ich arbeite als Tierärztin.');
    expect(await learned(api, victim)).toEqual(['Ich arbeite als Tierärztin.']);
    await reply(api, attacker, await start(api, attacker), 'Was weißt du über mich? Was arbeite ich?');
    expect(JSON.stringify(model.requests.at(-1))).not.toContain('Tierärztin');
    expect(await learned(api, attacker)).toEqual([]);
  });
});
