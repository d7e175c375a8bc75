import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, register, type TestApp } from '../../../test/harness.js';
import { looksGerman } from '../../../test/german.js';
import { apiAs, buyPack, memberWithProfile, type ApiMember } from '../../../test/members.js';
import { makeJpeg, multipart } from '../../../test/images.js';

let t: TestApp;
let api: ReturnType<typeof apiAs>;
let anna: ApiMember;
let ben: ApiMember;
let adminToken: string;

beforeAll(async () => {
  t = await createTestApp({ ADMIN_EMAILS: 'chefin@example.org' });
  api = apiAs(t.app);
  anna = await memberWithProfile(t.app, 'Anna', 'female');
  ben = await memberWithProfile(t.app, 'Ben', 'male');
  const admin = await register(t.app, 'chefin@example.org', 'Kiwi-Wolke-Geheim-42', 'Chefin');
  await t.c.db.query("UPDATE users SET email_verified = true WHERE email = 'chefin@example.org'");
  adminToken = admin.token;
  const id = (await api('GET', '/api/me', adminToken)).json<{ id: string }>().id;
  t.c.events.publish('users.changed', { userIds: [id] });
}, 60_000);
afterAll(() => t.close());

function expectGerman400(res: { statusCode: number; json: () => unknown }, label: string) {
  expect(res.statusCode, label).toBe(400);
  const body = res.json() as { error: string; message: string };
  expect(typeof body.error, label).toBe('string');
  expect(looksGerman(body.message), `${label}: ${body.message}`).toBe(true);
}


describe('input PostgreSQL cannot store is a German 400, not a 500', () => {
  const bad = ['a\u0000b', 'a\u0007b', 'a\ud800b', 'a\udc00'];

  it('refuses NUL, other control characters and lone surrogates in every free-text field', async () => {
    const { id: conversation } = (await api('POST', '/api/ai/df/start', anna.token)).json<{ id: string }>();
    for (const text of bad) {
      const label = JSON.stringify(text);
      expectGerman400(await api('PUT', '/api/me/profile', anna.token, { aboutMe: text }), `aboutMe ${label}`);
      expectGerman400(await api('PUT', '/api/me/profile', anna.token, { lookingFor: text }), `lookingFor ${label}`);
      expectGerman400(await api('POST', `/api/messages/${ben.id}`, anna.token, { body: text }), `message ${label}`);
      expectGerman400(await api('POST', '/api/reports', anna.token, { userId: ben.id, reason: 'other', details: text }), `report ${label}`);
      expectGerman400(await api('POST', `/api/ai/df/${conversation}/message`, anna.token, { content: text }), `companion ${label}`);
      expectGerman400(await api('POST', '/api/ai/df/memory', anna.token, { content: text }), `memory ${label}`);
      expectGerman400(await api('POST', '/api/ai/df/memory', anna.token, { content: 'Erinnerung', tags: [text] }), `tag ${label}`);
    }
    for (const q of ['Be%00rlin', 'Be%07rlin', 'Be%0Arlin']) expectGerman400(await api('GET', `/api/places?q=${q}`, anna.token), `places ${q}`);
    const texts = await t.c.db.query<{ n: number }>(
      'SELECT (SELECT count(*) FROM messages)::int + (SELECT count(*) FROM reports)::int + (SELECT count(*) FROM companion_memories)::int AS n',
    );
    expect(texts[0]?.n).toBe(0);
  });

  it('keeps line breaks and tabs where text may span lines, and emoji', async () => {
    const res = await api('PUT', '/api/me/profile', anna.token, { aboutMe: 'Hallo 👋\n\tzweite Zeile', lookingFor: 'Jemanden 💛' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ aboutMe: 'Hallo 👋\n\tzweite Zeile' });
    expectGerman400(await api('POST', '/api/ai/df/memory', anna.token, { content: 'x', tags: ['zwei\nZeilen'] }), 'tag with a line break');
  });

  it('refuses a placeId beyond what the column holds', async () => {
    for (const placeId of [2 ** 31, 2 ** 53, -1, 0]) {
      expectGerman400(await api('PUT', '/api/me/profile', anna.token, { placeId }), `placeId ${placeId}`);
    }
  });

  it('refuses conversation paging tokens with dates out of range or not made by the server', async () => {
    const id = '00000000-0000-4000-8000-000000000000';
    // Sealed with the server's own key, as if it had made them: what a token holds is checked too.
    const cursor = (iso: string, memberId: string, context = `conversation\n${anna.id}\n${ben.id}`) => t.c.cursors.seal([iso, memberId], context);
    const tokens = [
      await cursor('+275760-09-13T00:00:00.000Z', id),
      await cursor('-271821-04-20T00:00:00.000Z', id),
      await cursor('0000-01-01T00:00:00.000Z', id),
      await cursor('1-1-1', id),
      await cursor('2026-02-30T00:00:00.000Z', id),
      await cursor('2026-01-01T00:00:00.000Z', 'nope'),
      await cursor('2026-01-01T00:00:00.000Z', id, `conversation\n${ben.id}\n${anna.id}`), // Ben's token for the same pair
      Buffer.from(`2026-01-01T00:00:00.000Z|${id}`).toString('base64url'), // the old readable form
      'x'.repeat(200),
    ];
    for (const before of tokens) {
      expectGerman400(await api('GET', `/api/conversations/${ben.id}?before=${before}`, anna.token), `before ${before}`);
    }
    expect((await api('GET', `/api/conversations/${ben.id}?before=${await cursor('2026-01-01T00:00:00.000Z', id)}`, anna.token)).statusCode).toBe(200);
  });

  it('refuses query parameters that would reach SQL in a shape it cannot cast, and numbers Number() would bend', async () => {
    for (const skip of ['abc', `${ben.id},x`, "'; SELECT 1; --"]) {
      expectGerman400(await api('GET', `/api/votes/next?category=bikini&skip=${encodeURIComponent(skip)}`, anna.token), `skip ${skip}`);
    }
    for (const limit of ['1e1', '0x10', '', ' 5', '-1']) {
      expectGerman400(await api('GET', `/api/conversations/${ben.id}?limit=${encodeURIComponent(limit)}`, anna.token), `limit ${limit}`);
      expectGerman400(await api('GET', `/api/feed?limit=${encodeURIComponent(limit)}`, anna.token), `feed limit ${limit}`);
    }
    for (const exp of ['1e12', '0x7fffffff', ' 1']) {
      const url = `/api/photos/${ben.id}/large?scope=public&sig=${'a'.repeat(43)}&exp=${encodeURIComponent(exp)}`;
      expectGerman400(await t.app.inject({ method: 'GET', url }), `photo exp ${exp}`);
    }
  });

  it("answers URLs Fastify's router refuses (broken percent-encoding, overlong path parameters) in German, with the security headers", async () => {
    for (const url of ['/api/profile/%FF', '/api/profile/%ED%A0%80', `/api/profile/${'a'.repeat(300)}`]) {
      const res = await api('GET', url, anna.token);
      expect(res.statusCode, url).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, url).toBeLessThan(500);
      expect(looksGerman(res.json<{ message: string }>().message), url).toBe(true);
      expect(res.headers['content-security-policy'], url).toContain("frame-ancestors 'none'");
    }
  });

  it('refuses a multipart upload without a boundary', async () => {
    for (const type of ['multipart/form-data', 'multipart/form-data; boundary=', 'multipart/form-data; charset=utf-8']) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/photos/upload',
        headers: { authorization: `Bearer ${anna.token}`, 'content-type': type },
        payload: 'irgendwas',
      });
      expect(res.statusCode, type).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, type).toBeLessThan(500);
      expect(looksGerman(res.json<{ message: string }>().message), type).toBe(true);
    }
  });

  it('refuses admin setting keys inherited from Object.prototype by name', async () => {
    // (__proto__ never gets this far: the JSON parser refuses it as a 400.)
    for (const key of ['constructor', 'toString', 'hasOwnProperty', 'valueOf', '__defineGetter__']) {
      const res = await t.app.inject({
        method: 'PUT',
        url: '/api/admin/settings',
        headers: { authorization: `Bearer ${adminToken}`, 'content-type': 'application/json' },
        payload: `{"${key}":"1"}`,
      });
      expectGerman400(res, key);
      expect(res.json<{ error: string }>().error, key).toBe('unknown_setting');
    }
  });
});

describe('validation messages name fields in German', () => {
  it("says 'Neues Passwort', not newPassword, and names no field for a broken path parameter", async () => {
    const short = await api('POST', '/api/me/password', anna.token, { currentPassword: 'Kiwi-Wolke-Geheim-42', newPassword: 'kurz' });
    expect(short.statusCode).toBe(400);
    expect(short.json()).toEqual({ error: 'validation_error', message: 'Ungültige Eingabe im Feld „Neues Passwort“: Mindestens 8 Zeichen.' });
    const missing = await api('POST', '/api/me/password', anna.token, { currentPassword: 'Kiwi-Wolke-Geheim-42' });
    expect(missing.json()).toEqual({ error: 'validation_error', message: 'Ungültige Eingabe im Feld „Neues Passwort“: Angabe fehlt.' });
    const badId = await api('GET', '/api/profile/keine-uuid', anna.token);
    expect(badId.statusCode).toBe(400);
    expect(badId.json().message).toMatch(/^Ungültige Eingabe: /);
  });
});

describe('an id in capitals is the same id (red team, session 57)', () => {
  // PostgreSQL reads every spelling of a uuid as one value; the services compare ids as strings.
  // Each self-check below once let the upper-case spelling of one's own id through (a 500 from a
  // database check, a message to oneself paid with credits, a self-report, an admin suspending himself).
  const shout = (id: string) => id.toUpperCase();

  it('keeps every self-check: like, block, message, report, suspend', async () => {
    await buyPack(t.app, ben.token, 'starter');
    const before = (await api('GET', '/api/wallet', ben.token)).json<{ credits: number }>().credits;
    const refused = async (res: { statusCode: number; json: () => unknown }, error: string) => {
      expectGerman400(res, error);
      expect((res.json() as { error: string }).error).toBe(error);
    };
    await refused(await api('POST', `/api/likes/${shout(ben.id)}?type=like`, ben.token), 'self_like');
    await refused(await api('POST', `/api/blocks/${shout(ben.id)}`, ben.token), 'self_block');
    await refused(await api('POST', `/api/messages/${shout(ben.id)}`, ben.token, { body: 'Hallo ich' }), 'self_message');
    await refused(await api('POST', '/api/reports', ben.token, { userId: shout(ben.id), reason: 'spam' }), 'self_report');
    const adminId = (await api('GET', '/api/me', adminToken)).json<{ id: string }>().id;
    await refused(await api('POST', `/api/admin/users/${shout(adminId)}/suspend`, adminToken), 'self_suspend');
    expect((await api('GET', '/api/wallet', ben.token)).json<{ credits: number }>().credits).toBe(before);
    const written = await t.c.db.query<{ n: number }>('SELECT count(*)::int AS n FROM messages WHERE sender_id = recipient_id');
    expect(written[0]!.n).toBe(0);
    expect((await api('GET', '/api/me', adminToken)).statusCode).toBe(200);
  });

  it('answers with the canonical spelling: a like in capitals reaches the member, photo order in capitals is the same order', async () => {
    const dora = await memberWithProfile(t.app, 'Dora', 'female');
    const emil = await memberWithProfile(t.app, 'Emil', 'male');
    expect((await api('POST', `/api/likes/${shout(emil.id)}?type=like`, dora.token)).statusCode).toBe(200);
    expect((await api('POST', `/api/likes/${shout(dora.id)}?type=like`, emil.token)).json()).toEqual({ match: true });
    const matches = (await api('GET', '/api/matches', dora.token)).json<{ userId: string }[]>();
    expect(matches.map((m) => m.userId)).toEqual([emil.id]);
    for (const width of [300, 320]) {
      const body = multipart(await makeJpeg(width, 300));
      const upload = await t.app.inject({ method: 'POST', url: '/api/photos/upload', payload: body.payload, headers: { ...body.headers, authorization: `Bearer ${dora.token}` } });
      expect(upload.statusCode).toBe(200);
    }
    const ids = (await t.c.db.query<{ id: string }>('SELECT id FROM photos WHERE user_id = $1 ORDER BY position', [dora.id])).map((p) => p.id);
    const order = await api('PUT', '/api/me/photos/order', dora.token, { ids: [...ids].reverse().map(shout) });
    expect(order.statusCode, order.body).toBe(200);
    const after = (await t.c.db.query<{ id: string }>('SELECT id FROM photos WHERE user_id = $1 ORDER BY position', [dora.id])).map((p) => p.id);
    expect(after).toEqual([...ids].reverse());
  });
});
