import { randomUUID } from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import { register } from '../../../test/harness.js';
import { buyPack, confirmEmail, type ApiMember } from '../../../test/members.js';
import { useSwipers } from '../../../test/swipers.js';

const { t, api, member } = useSwipers();

/** Status, headers (without the request's id, date and rate-limit counters) and body, with the ids asked about written as <id>. */
function answer(res: LightMyRequestResponse, ...ids: string[]): string {
  const headers = Object.fromEntries(Object.entries(res.headers).filter(([k]) => !['x-request-id', 'date'].includes(k) && !k.startsWith('x-ratelimit')));
  return ids.reduce((text, id) => text.split(id).join('<id>'), [res.statusCode, JSON.stringify(headers), res.body].join('\n'));
}

/** What `m` is answered for each request about `id`. */
async function answersAbout(m: ApiMember, id: string, photoId: string): Promise<string[]> {
  const requests: [string, string, object?][] = [
    ['GET', `/api/profile/${id}`],
    ['GET', `/api/conversations/${id}`],
    ['GET', `/api/conversations/${id}/compose`],
    ['POST', `/api/messages/${id}`, { body: 'Hallo, bist du da?' }],
    ['POST', `/api/messages/${id}`, { body: 'Antwort vorbezahlt', prepaidReply: 5 }],
    ['POST', `/api/likes/${id}?type=like`],
    ['POST', `/api/likes/${id}?type=flirt`],
    ['POST', '/api/votes', { photoId, category: 'face' }],
  ];
  const out: string[] = [];
  for (const [method, url, body] of requests) {
    const res = await api(method as 'GET' | 'POST', url, m.token, body);
    out.push(`${method} ${url.split(id).join('<id>')}\n${answer(res, id, photoId)}`);
  }
  return out;
}

/** A voter with a confirmed address, a profile and credits: nothing but the target stands in the way. */
async function writer(name: string): Promise<ApiMember> {
  const m = await member(name, 'male', ['female']);
  await confirmEmail(t.c, m.id);
  await buyPack(t.app, m.token);
  return m;
}

/** A member whose main photo competes in the 'face' Top10: its id. */
async function enteredPhoto(m: ApiMember): Promise<string> {
  const res = await api('PUT', '/api/me/photo/categories', m.token, { categories: ['face'] });
  expect(res.statusCode).toBe(200);
  const photo = await t.c.photos.findForUser(m.id);
  return photo?.id ?? '';
}

describe('a block reads like a member who is not there, for the one blocked (issue 54, 8c)', () => {
  it('messages, prepaid replies, likes, flirts, votes, profile and conversation answer the blocked member exactly as for an unknown id', async () => {
    const rita = await member('Rita', 'female', ['male']);
    const photo = await enteredPhoto(rita);
    const blocked = await writer('Bruno');
    expect((await api('POST', `/api/blocks/${blocked.id}`, rita.token)).statusCode).toBe(200);
    const nobody = randomUUID();
    const toRita = await answersAbout(blocked, rita.id, photo);
    const toNobody = await answersAbout(blocked, nobody, randomUUID());
    expect(toRita).toEqual(toNobody);
    expect(toRita.join('\n')).not.toMatch(/blockiert/);
    expect(await t.c.db.query('SELECT 1 FROM messages WHERE sender_id = $1', [blocked.id])).toEqual([]);
  });

  it('the member who blocked gets the same answers too (her block list is hers to read; nothing else changes)', async () => {
    const rita = await writer('Reinhard');
    const other = await member('Olivia', 'female', ['male']);
    const photo = await enteredPhoto(other);
    expect((await api('POST', `/api/blocks/${other.id}`, rita.token)).statusCode).toBe(200);
    expect(await answersAbout(rita, other.id, photo)).toEqual(await answersAbout(rita, randomUUID(), randomUUID()));
  });
});

describe('an account without a profile is a member not there (issue 54, 8b)', () => {
  it('profile, conversation, composer and share page answer as for an unknown id: no display name', async () => {
    const viewer = await writer('Viktor');
    const { token } = await register(t.app, undefined, undefined, 'Geheimname Ohneprofil');
    const id = (await api('GET', '/api/me', token)).json<{ id: string }>().id;
    const nobody = randomUUID();
    for (const url of [(x: string) => `/api/profile/${x}`, (x: string) => `/api/conversations/${x}`, (x: string) => `/api/conversations/${x}/compose`]) {
      const ofAccount = await api('GET', url(id), viewer.token);
      expect(answer(ofAccount, id), url('…')).toBe(answer(await api('GET', url(nobody), viewer.token), nobody));
      expect(ofAccount.body).not.toContain('Geheimname');
    }
    const share = await t.app.inject({ method: 'GET', url: `/share/${id}` });
    expect(answer(share, id)).toBe(answer(await t.app.inject({ method: 'GET', url: `/share/${nobody}` }), nobody));
    // The account sees its own (empty) profile.
    expect((await api('GET', `/api/profile/${id}`, token)).statusCode).toBe(200);
  });
});
