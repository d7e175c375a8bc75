import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, type TestApp } from '../../../test/harness.js';
import type { ApiMember } from '../../../test/members.js';
import { memberWithPhoto } from '../../../test/swipers.js';
import type { Moderator } from '../photos/moderation/moderator.js';

const approveAll: Moderator = {
  classify: async () => ({ Drawing: 0.02, Hentai: 0.01, Neutral: 0.95, Porn: 0.01, Sexy: 0.01 }),
  close: async () => undefined,
};

let t: TestApp;
let place: { berlin: number; potsdam: number };

beforeAll(async () => {
  t = await createTestApp({}, {}, { moderator: approveAll });
  await t.c.places.ensureLoaded();
  const find = async (q: string) => (await t.c.places.search(q))[0]?.id ?? 0;
  place = { berlin: await find('Berlin'), potsdam: await find('Potsdam') };
}, 60_000);
afterAll(() => t.close());

const api = (method: 'GET' | 'POST' | 'DELETE' | 'PUT', url: string, token: string, payload?: object) =>
  t.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });

type Member = ApiMember;

const member = (name: string, gender: 'female' | 'male', wants: ('female' | 'male')[], placeId = place.berlin): Promise<Member> =>
  memberWithPhoto(t.app, { name, gender, wants, placeId });

const feedIds = async (m: Member, query = '') => (await api('GET', `/api/feed${query}`, m.token)).json<{ id: string }[]>().map((c) => c.id);
const act = (m: Member, target: string, type: string) => api('POST', `/api/likes/${target}?type=${type}`, m.token);

describe('blocks', () => {
  it('a block hides both from each other everywhere at once, and ends the match', async () => {
    const a = await member('Alma', 'female', ['male']);
    const b = await member('Bodo', 'male', ['female']);
    await act(a, b.id, 'like');
    await act(b, a.id, 'flirt');
    expect((await api('POST', `/api/blocks/${b.id}`, a.token)).statusCode).toBe(200);
    expect(await feedIds(a)).not.toContain(b.id);
    expect(await feedIds(b)).not.toContain(a.id);
    expect((await api('GET', '/api/matches', a.token)).json()).toEqual([]);
    expect((await api('GET', '/api/matches', b.token)).json()).toEqual([]);
    expect((await act(b, a.id, 'like')).statusCode).toBe(404);
    expect((await api('GET', `/api/profile/${a.id}`, b.token)).statusCode).toBe(404);
    expect((await api('GET', `/api/profile/${b.id}`, a.token)).statusCode).toBe(404);
    await api('DELETE', `/api/blocks/${b.id}`, a.token);
    expect((await api('GET', `/api/profile/${a.id}`, b.token)).statusCode).toBe(200);
  });
});
