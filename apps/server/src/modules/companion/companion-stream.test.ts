import { randomUUID } from 'node:crypto';
import { COMPANION_UNAVAILABLE, companionStreamEvent, type CompanionStreamEvent } from '@funkeln/contracts/companion';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { bearer, createTestApp, listen, register, type TestApp } from '../../../test/harness.js';
import { apiAs, buyPack } from '../../../test/members.js';
import { startOpenAiServer } from '../../../test/openai-server.js';
import type { Api } from '../../../test/companion.js';


describe('the streamed reply of a model over the OpenAI protocol', () => {
  let t: TestApp;
  let api: Api;
  let base: string;
  let model: Awaited<ReturnType<typeof startOpenAiServer>>;
  beforeAll(async () => {
    model = await startOpenAiServer();
    t = await createTestApp({ COMPANION_BASE_URL: model.baseUrl, COMPANION_MODEL: 'test-model', COMPANION_TIMEOUT_MS: '2000', COMPANION_STREAM: 'true' });
    api = apiAs(t.app);
    base = await listen(t.app);
  });
  afterAll(async () => {
    await t.close();
    await model.close();
  });

  const credits = async (token: string) => (await api('GET', '/api/wallet', token)).json<{ credits: number }>().credits;
  const turns = async (token: string, id: string) => (await api('GET', `/api/ai/df/${id}/messages`, token)).json<unknown[]>().length;
  const member = async () => {
    const { token } = await register(t.app);
    await buyPack(t.app, token, 'starter');
    const { id } = (await api('POST', '/api/ai/df/start', token)).json<{ id: string }>();
    return { token, id };
  };
  const stream = (token: string, id: string, content: string, key?: string) =>
    api('POST', `/api/ai/df/${id}/message/stream`, token, { content }, key ? { 'idempotency-key': key } : {});
  const events = (body: string): CompanionStreamEvent[] =>
    body
      .split('\n')
      .filter((line) => line !== '')
      .map((line) => companionStreamEvent.parse(JSON.parse(line)));

  it('hands on each piece as it arrives and books the reply only once it is complete', async () => {
    const { token, id } = await member();
    model.behave({ kind: 'held', text: 'Wie wäre es mit einem Picknick?' });
    const res = await fetch(`${base}/api/ai/df/${id}/message/stream`, {
      method: 'POST',
      headers: { ...bearer(token), 'content-type': 'application/json' },
      body: JSON.stringify({ content: 'Eine Idee fürs Date?' }),
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/x-ndjson/);
    const reader = res.body!.pipeThrough(new TextDecoderStream()).getReader();
    let received = '';
    while (!received.includes('\n')) received += (await reader.read()).value ?? '';
    // The first word is on its way while the model still holds the rest: nothing is booked yet.
    expect(events(received)).toEqual([{ type: 'delta', text: 'Wie ' }]);
    expect(await credits(token)).toBe(50);
    expect(await turns(token, id)).toBe(1);
    model.release();
    for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) received += chunk.value;
    const all = events(received);
    expect(all.filter((e) => e.type === 'delta').map((e) => e.text).join('')).toBe('Wie wäre es mit einem Picknick?');
    expect(all.at(-1)).toEqual({ type: 'done', reply: 'Wie wäre es mit einem Picknick?', credits: 48 });
    expect(await credits(token)).toBe(48);
    expect(await turns(token, id)).toBe(3);
  });

  it('books and stores nothing when the stream breaks off midway, and does not try again', async () => {
    const { token, id } = await member();
    model.behave({ kind: 'break', text: 'Das ist eine lange Antwort, die mittendrin abbricht.' });
    const before = model.requests.length;
    const res = await stream(token, id, 'Erzähl mir was.');
    const all = events(res.body);
    expect(all.length).toBeGreaterThan(1);
    expect(all.slice(0, -1).every((e) => e.type === 'delta')).toBe(true);
    expect(all.at(-1)).toEqual({ type: 'error', error: 'companion_unavailable', message: COMPANION_UNAVAILABLE });
    expect(model.requests.length - before).toBe(1);
    expect(await credits(token)).toBe(50);
    expect(await turns(token, id)).toBe(1);
    // The plain endpoint has shown nothing yet, so it tries again (three times) and answers 503.
    const plain = await api('POST', `/api/ai/df/${id}/message`, token, { content: 'Erzähl mir was.' });
    expect(plain.statusCode).toBe(503);
    expect(await credits(token)).toBe(50);
  });

  it('books nothing when the model stalls midway (the timeout counts from the last piece)', async () => {
    const { token, id } = await member();
    model.behave({ kind: 'held', text: 'Ich denke noch nach ...' });
    const before = model.requests.length;
    const all = events((await stream(token, id, 'Und?')).body);
    model.release();
    expect(all).toEqual([
      { type: 'delta', text: 'Ich ' },
      { type: 'error', error: 'companion_unavailable', message: COMPANION_UNAVAILABLE },
    ]);
    expect(model.requests.length - before).toBe(1);
    expect(await credits(token)).toBe(50);
    expect(await turns(token, id)).toBe(1);
  });

  it('charges once for parallel requests with one key, and each reply once with different keys', async () => {
    const { token, id } = await member();
    model.behave({ kind: 'reply', text: 'Gern geschehen!' });
    const same = await Promise.all([stream(token, id, 'Danke!', 'k-1'), stream(token, id, 'Danke!', 'k-1'), api('POST', `/api/ai/df/${id}/message`, token, { content: 'Danke!' }, { 'idempotency-key': 'k-1' })]);
    const answers = same.map((res) => (res.headers['content-type']?.toString().startsWith('application/json') ? { type: 'done', ...res.json<object>() } : events(res.body).at(-1)));
    expect(answers).toEqual(Array(3).fill({ type: 'done', reply: 'Gern geschehen!', credits: 48 }));
    expect(await credits(token)).toBe(48);
    expect(await turns(token, id)).toBe(3);
    const different = await Promise.all([stream(token, id, 'Eins', 'k-2'), stream(token, id, 'Zwei', 'k-3')]);
    expect(different.map((res) => events(res.body).at(-1)?.type)).toEqual(['done', 'done']);
    expect(await credits(token)).toBe(44);
    expect(await turns(token, id)).toBe(7);
  });

  it('refuses with the usual JSON errors before the model is asked', async () => {
    const { token } = await register(t.app);
    const { id } = (await api('POST', '/api/ai/df/start', token)).json<{ id: string }>();
    const before = model.requests.length;
    const poor = await stream(token, id, 'Hallo');
    expect(poor.statusCode).toBe(402);
    expect(poor.json()).toEqual({ error: 'insufficient_credits', message: 'Nicht genug Credits: Du brauchst 2, hast aber 0.' });
    const other = await register(t.app);
    expect((await stream(other.token, id, 'Hallo')).statusCode).toBe(404);
    expect((await stream(token, id, '')).json().message).toMatch(/schreib eine Nachricht/);
    expect(model.requests.length).toBe(before);
  });

  it('answers in one order whatever else is wrong: unknown conversation, then a reused key, then the balance', async () => {
    const { token, id } = await member();
    model.behave({ kind: 'reply', text: 'Gern!' });
    expect(events((await stream(token, id, 'Erste Frage', 'o-1')).body).at(-1)).toEqual({ type: 'done', reply: 'Gern!', credits: 48 });
    const other = await member();
    const before = model.requests.length;
    // another member's conversation with this member's key: 404, never 409 or the stored answer
    expect((await stream(token, other.id, 'Erste Frage', 'o-1')).statusCode).toBe(404);
    expect((await stream(token, other.id, 'Andere Frage', 'o-1')).statusCode).toBe(404);
    expect((await stream(token, randomUUID(), 'Erste Frage', 'o-1')).statusCode).toBe(404);
    // the key again with another message: 409, even with no credits left
    await t.c.settings.update({ COMPANION_CREDIT_COST: '1000' });
    try {
      const reused = await stream(token, id, 'Andere Frage', 'o-1');
      expect(reused.statusCode).toBe(409);
      expect(reused.json<{ error: string }>().error).toBe('idempotency_conflict');
      // the same message with its key: the stored answer, not the 402 a new message would get
      expect(events((await stream(token, id, 'Erste Frage', 'o-1')).body).at(-1)).toEqual({ type: 'done', reply: 'Gern!', credits: 48 });
      expect((await stream(token, id, 'Neue Frage', 'o-2')).statusCode).toBe(402);
    } finally {
      await t.c.settings.update({ COMPANION_CREDIT_COST: '2' });
    }
    expect(model.requests.length).toBe(before);
    expect(await credits(token)).toBe(48);
  });

  it('books nothing when the credits are gone by the time the reply is complete', async () => {
    const { token, id } = await member();
    await t.c.settings.update({ COMPANION_CREDIT_COST: '30' });
    try {
      // Both replies are held until both requests have passed the credit check and asked the model,
      // so neither is refused up front however the machine schedules them.
      model.behave({ kind: 'held', text: 'Klar!' });
      const before = model.requests.length;
      const both = Promise.all([stream(token, id, 'Eins', 'p-1'), stream(token, id, 'Zwei', 'p-2')]);
      await vi.waitFor(() => expect(model.requests.length).toBe(before + 2));
      model.release();
      const results = await both;
      const last = results.map((res) => events(res.body).at(-1));
      expect(last).toContainEqual({ type: 'done', reply: 'Klar!', credits: 20 });
      expect(last).toContainEqual(expect.objectContaining({ type: 'error', error: 'insufficient_credits' }));
      expect(await credits(token)).toBe(20);
      expect(await turns(token, id)).toBe(3);
    } finally {
      await t.c.settings.update({ COMPANION_CREDIT_COST: '2' });
    }
  });
});

describe('the streamed reply of the embedded companion', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('answers at once with the whole reply', async () => {
    const api = apiAs(t.app);
    const { token } = await register(t.app);
    await buyPack(t.app, token, 'starter');
    await api('POST', '/api/ai/df/memory', token, { content: 'Mein Hund heißt Bello.', tags: [] });
    const { id } = (await api('POST', '/api/ai/df/start', token)).json<{ id: string }>();
    const res = await api('POST', `/api/ai/df/${id}/message/stream`, token, { content: 'Wie heißt mein Hund?' });
    const lines = res.body.split('\n').filter(Boolean).map((line) => companionStreamEvent.parse(JSON.parse(line)));
    expect(lines).toEqual([{ type: 'done', reply: expect.stringContaining('Bello'), credits: 48 }]);
  });
});
