import { photoCategories } from '@funkeln/contracts/leaderboard';
import { createHash, randomUUID } from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import { type ApiMember } from '../../../test/members.js';
import { connectClient } from '../../../test/sockets.js';
import { useSwipers } from '../../../test/swipers.js';

const { t, api, member, act, feedIds } = useSwipers({ listen: true });

/** Status, headers and body of a response; a picture by its bytes' hash. */
function transcript(res: LightMyRequestResponse): string {
  const json = String(res.headers['content-type']).startsWith('application/json');
  return [String(res.statusCode), JSON.stringify(res.headers), json ? res.body : createHash('sha256').update(res.rawPayload).digest('hex')].join('\n');
}

/**
 * A transcript without what changes from one request to the next whoever is blocked (times, request
 * ids, a link's expiry, signature and lifetime, rate-limit counters, photo ids), members' ids and
 * names standing for their role.
 */
function steady(text: string, stand: Record<string, string>): string {
  let out = text
    .replace(/\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z/g, '<time>')
    .replace(/exp=\d+&sig=[\w-]+/g, 'exp=<exp>&sig=<sig>')
    .replace(/max-age=\d+/g, 'max-age=<s>')
    .replace(/\/api\/photos\/[\w-]+\//g, '/api/photos/<photo>/')
    .replace(/"(x-request-id|date|x-ratelimit-[a-z]+)":"[^"]*",?/g, '');
  for (const [value, name] of Object.entries(stand)) out = out.split(value).join(name);
  return out;
}

/**
 * A socket of the member's that records every event; `settle` answers them once everything sent
 * before it has arrived: a typing signal from one of `from` closes it. A pair's typing signals pass
 * once in 2 s, so the signal comes from each of them in turn: the window of the one whose turn it is
 * has usually passed, and settling costs a round trip instead of up to 2 s.
 */
async function recorder(m: ApiMember, from: readonly ApiMember[]) {
  const mine = connectClient(t.base, m.token);
  const theirs = from.map((f) => ({ id: f.id, client: connectClient(t.base, f.token) }));
  await Promise.all([mine.connected(), ...theirs.map((f) => f.client.connected())]);
  let events: string[] = [];
  let turn = 0;
  mine.socket.onAny((name: string, ...args: unknown[]) => events.push(JSON.stringify([name, args])));
  return {
    async settle(): Promise<string[]> {
      for (let arrived = false; !arrived; turn++) {
        const signaller = theirs[turn % theirs.length] as (typeof theirs)[number];
        const heard = (e: { from: string }) => {
          if (e.from === signaller.id) arrived = true;
        };
        mine.socket.on('typing', heard);
        signaller.client.socket.emit('typing', { to: m.id });
        for (let waited = 0; !arrived && waited < 250; waited += 25) await new Promise((resolve) => setTimeout(resolve, 25));
        mine.socket.off('typing', heard);
      }
      // The online count goes to everyone now and then, whoever is blocked.
      const seen = events.filter((e) => !e.startsWith('["typing"') && !e.startsWith('["presence"'));
      events = [];
      return seen;
    },
    close: () => [mine, ...theirs.map((f) => f.client)].forEach((s) => s.close()),
  };
}

describe('blocking cannot unmask the anonymous flirt sender', () => {
  it('blocking the sender or anyone else looks the same in every answer, picture and socket event the recipient gets (binary search of issue 54)', async () => {
    const rieke = await member('Rieke', 'female', ['male']);
    const helpers = [await member('Hanna', 'female', ['female']), await member('Hilde', 'female', ['female']), await member('Heike', 'female', ['female'])];
    const candidates: ApiMember[] = [];
    for (let i = 0; i < 13; i++) candidates.push(await member(`Kandidat ${String.fromCharCode(65 + i)}`, 'male', ['female']));
    // In the feed's order (by id), so the others keep their ranks whoever is left out.
    candidates.sort((a, b) => (a.id < b.id ? -1 : 1));
    const sender = candidates[6] as ApiMember;
    expect((await act(sender, rieke.id, 'flirt')).json()).toEqual({ match: false });
    const socket = await recorder(rieke, helpers);

    // Every GET the API answers without an id (the OpenAPI document lists them) and the Top10 of every category; the export is her own data (and limited to 5 an hour).
    const doc = t.app.swagger() as { paths: Record<string, Record<string, unknown>> };
    const plain = Object.keys(doc.paths).filter((p) => p.startsWith('/api/') && !p.includes('{') && doc.paths[p]?.get && p !== '/api/me/export');
    const reads = [...plain, ...photoCategories.map((c) => `/api/leaderboard/${c}`)];
    expect(reads).toEqual(expect.arrayContaining(['/api/likes/received', '/api/me', '/api/matches', '/api/messages', '/api/messages/unread', '/api/conversations', '/api/feed']));

    const observe = async (x: ApiMember): Promise<string[]> => {
      // The others by their rank among the others: the same names whoever is blocked.
      const stand: Record<string, string> = { [x.id]: '<blocked>', [x.name]: '<blocked name>', ...Object.fromEntries(helpers.map((h) => [h.id, '<helper>'])) };
      candidates.filter((c) => c !== x).forEach((c, i) => Object.assign(stand, { [c.id]: `<other ${i}>`, [c.name]: `<other ${i} name>` }));
      const seen: string[] = [];
      const quote = (res: LightMyRequestResponse) => seen.push(steady(transcript(res), stand));
      quote(await api('POST', `/api/blocks/${x.id}`, rieke.token));
      seen.push(...(await socket.settle()));
      for (const url of reads) quote(await api('GET', url, rieke.token));
      // The pictures the list links to, as bytes.
      const flirts = (await api('GET', '/api/likes/received', rieke.token)).json<{ blurredThumbUrl: string }[]>();
      for (const f of flirts) quote(await t.app.inject({ method: 'GET', url: f.blurredThumbUrl }));
      const feed = (await feedIds(rieke)).map((id) => stand[id] ?? id);
      seen.push(JSON.stringify(feed));
      quote(await api('DELETE', `/api/blocks/${x.id}`, rieke.token));
      seen.push(...(await socket.settle()));
      // Unblocking shows the same again, too.
      quote(await api('GET', '/api/likes/received', rieke.token));
      return seen;
    };

    const seen = new Map<ApiMember, string[]>();
    for (const x of candidates) seen.set(x, await observe(x));
    socket.close();
    const first = seen.get(candidates[0] as ApiMember);
    expect(first?.some((s) => s.includes('blurredThumbUrl'))).toBe(true);
    for (const x of candidates) expect(seen.get(x), x === sender ? 'blocking the sender' : x.name).toEqual(first);
  }, 120_000);

  it('the flirt stays listed while she blocks its sender, flirting back makes no match while the block stands, and nobody can write', async () => {
    const nora = await member('Nora', 'female', ['male']);
    const sender = await member('Severin', 'male', ['female']);
    await act(sender, nora.id, 'flirt');
    const [before] = (await api('GET', '/api/likes/received', nora.token)).json<{ flirtId: string }[]>();
    expect((await api('POST', `/api/blocks/${sender.id}`, nora.token)).statusCode).toBe(200);
    expect((await api('GET', '/api/likes/received', nora.token)).json<{ flirtId: string }[]>().map((f) => f.flirtId)).toEqual([before?.flirtId]);

    // Flirting back: recorded, no match while the block stands (the answer the web app shows as "Zurückgeflirtet!").
    expect((await api('POST', `/api/likes/received/${before?.flirtId}/accept`, nora.token)).json()).toEqual({ match: false });
    expect((await api('GET', '/api/likes/received', nora.token)).json()).toEqual([]);
    expect((await api('POST', `/api/likes/received/${before?.flirtId}/accept`, nora.token)).statusCode).toBe(404);
    // The sender swipes again, writes, or she writes: nothing gets through, and nothing tells either of them why.
    const nobody = randomUUID();
    for (const type of ['flirt', 'like']) {
      const res = await act(sender, nora.id, type);
      expect(steady(transcript(res), { [nora.id]: '<id>' })).toBe(steady(transcript(await act(sender, nobody, type)), { [nobody]: '<id>' }));
    }
    for (const [from, to] of [[sender, nora], [nora, sender]] as const) {
      const res = await api('POST', `/api/messages/${to.id}`, from.token, { body: 'Hallo?' });
      expect(res.statusCode).toBe(404);
    }
    for (const m of [nora, sender]) expect((await api('GET', '/api/matches', m.token)).json()).toEqual([]);
    const pair = [nora.id, sender.id];
    expect(await t.c.db.query('SELECT 1 FROM matches WHERE user_a = ANY($1) AND user_b = ANY($1)', [pair])).toEqual([]);
    expect(await t.c.db.query('SELECT 1 FROM messages WHERE sender_id = ANY($1) AND recipient_id = ANY($1)', [pair])).toEqual([]);

    // Her answer is not taken back by unblocking, and unblocking lists nothing again.
    expect((await api('DELETE', `/api/blocks/${sender.id}`, nora.token)).statusCode).toBe(200);
    expect((await api('GET', '/api/likes/received', nora.token)).json()).toEqual([]);
  });

  it('a flirt whose sender blocked her stays listed too, and flirting back then makes no match', async () => {
    const olga = await member('Olga', 'female', ['male']);
    const sender = await member('Piet', 'male', ['female']);
    await act(sender, olga.id, 'flirt');
    const listed = (await api('GET', '/api/likes/received', olga.token)).json<{ flirtId: string }[]>();
    expect((await api('POST', `/api/blocks/${olga.id}`, sender.token)).statusCode).toBe(200);
    expect((await api('GET', '/api/likes/received', olga.token)).json<{ flirtId: string }[]>()).toEqual(listed);
    expect((await api('POST', `/api/likes/received/${listed[0]?.flirtId}/accept`, olga.token)).json()).toEqual({ match: false });
    expect((await api('GET', '/api/matches', sender.token)).json()).toEqual([]);
  });
});
