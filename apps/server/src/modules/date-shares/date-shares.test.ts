import type { CreateDateShareResponse, DateSharesResponse } from '@funkeln/contracts/date-shares';
import { dateToBerlinLocal } from '@funkeln/contracts/date-shares';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/fixture.js';
import { makeJpeg, multipart } from '../../../test/images.js';
import { memberWithProfile, type ApiMember } from '../../../test/members.js';
import { approveAll } from '../../../test/swipers.js';

const t = useTestApp({ overrides: { moderator: approveAll } });
const { api } = t;
const DAY = 24 * 3_600_000;
const inDays = (d: number) => dateToBerlinLocal(new Date(Date.now() + d * DAY));
const plan = (over: object = {}) => ({ place: 'Café Luise', address: 'Kastanienallee 7, Berlin', startsAt: inDays(2), note: 'Ich melde mich um 22 Uhr.', withPhoto: true, ...over });
const share = (from: ApiMember, partnerId: string, body: object = plan()) => api('POST', `/api/conversations/${partnerId}/date-shares`, from.token, body);
const tokenOf = (url: string) => new URL(url).pathname.split('/')[2]!;
const page = (path: string) => t.app.inject({ method: 'GET', url: path });
const count = async (table: string) => (await t.c.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table}`))[0]!.n;

let lena: ApiMember;
let tom: ApiMember;
let stranger: ApiMember;

async function uploadPhoto(m: ApiMember) {
  const body = multipart(await makeJpeg(500, 400));
  const res = await t.app.inject({ method: 'POST', url: '/api/photos/upload', payload: body.payload, headers: { ...body.headers, authorization: `Bearer ${m.token}` } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ photo: { id: string } }>().photo.id;
}

async function talk(a: ApiMember, b: ApiMember) {
  const res = await api('POST', `/api/messages/${b.id}`, a.token, { body: 'Hallo, Lust auf einen Kaffee?' });
  expect(res.statusCode, res.body).toBe(200);
}

/** A fresh sharer who writes with Tom (each test its own: 10 creations an hour per member, refused ones count). */
async function sharer(name: string) {
  const m = await memberWithProfile(t.app, name, 'female');
  await talk(m, tom);
  return m;
}

beforeAll(async () => {
  lena = await memberWithProfile(t.app, 'Lena', 'female');
  tom = await memberWithProfile(t.app, 'Tom', 'male');
  stranger = await memberWithProfile(t.app, 'Fremder', 'male');
  await uploadPhoto(tom);
  await talk(lena, tom);
});

describe('Date teilen (issue 57 item 10)', () => {
  it('shares a plan with a partner she writes with; the friend\'s page shows the plan and nothing else', async () => {
    const res = await share(lena, tom.id);
    expect(res.statusCode, res.body).toBe(200);
    const created = res.json<CreateDateShareResponse>();
    expect(created).toMatchObject({ partnerName: 'Tom', place: 'Café Luise', address: 'Kastanienallee 7, Berlin', withPhoto: true });
    expect(created.url).toMatch(/^http:\/\/funkeln\.test\/date\/[A-Za-z0-9_-]{43}$/);
    const stored = await t.c.db.query<{ token_hash: string }>('SELECT token_hash FROM date_shares WHERE id = $1', [created.id]);
    expect(stored[0]!.token_hash).not.toContain(tokenOf(created.url));

    const friend = await page(new URL(created.url).pathname);
    expect(friend.statusCode).toBe(200);
    expect(friend.headers['content-type']).toContain('text/html');
    expect(friend.headers['cache-control']).toBe('no-store');
    expect(friend.headers['referrer-policy']).toBe('no-referrer');
    expect(friend.headers['x-robots-tag']).toContain('noindex');
    expect(friend.headers['content-security-policy']).toContain("script-src 'self'");
    for (const shown of ['Tom', 'Café Luise', 'Kastanienallee 7, Berlin', 'Ich melde mich um 22 Uhr.', 'Lena hat ein Date', ' Uhr']) expect(friend.body).toContain(shown);
    for (const hidden of [tom.id, lena.id, '1994', '@example', 'Berlin-Mitte', '<script']) expect(friend.body).not.toContain(hidden);

    const photo = await page(`${new URL(created.url).pathname}/foto`);
    expect(photo.statusCode).toBe(200);
    expect(photo.headers['content-type']).toBe('image/jpeg');
    expect(photo.headers['cache-control']).toBe('no-store');

    const mine = (await api('GET', '/api/me/date-shares', lena.token)).json<DateSharesResponse>();
    expect(mine.shares.map((s) => s.id)).toContain(created.id);
    expect(JSON.stringify(mine)).not.toContain(tokenOf(created.url));
  });

  it('the partner is told nothing: no event, no mail, no notification, nothing in his lists', async () => {
    const [events, mails] = [await count('event_outbox'), await count('mail_outbox')];
    expect((await share(lena, tom.id, plan({ place: 'Kino am Markt' }))).statusCode).toBe(200);
    expect([await count('event_outbox'), await count('mail_outbox')]).toEqual([events, mails]);
    expect((await api('GET', '/api/me/date-shares', tom.token)).json<DateSharesResponse>().shares).toEqual([]);
    expect((await api('GET', '/api/me/export', tom.token)).body).not.toContain('Kino am Markt');
    // Hers: in her own export (Art. 15), without the link.
    const hers = await api('GET', '/api/me/export', lena.token);
    expect(hers.body).toContain('Kino am Markt');
    expect(hers.body).not.toContain('token_hash');
  });

  it('a member without a conversation, oneself, a blocked one and an unknown id get the same 404', async () => {
    const unknown = await share(lena, '00000000-0000-4000-8000-000000000000');
    expect(unknown.statusCode).toBe(404);
    const blocked = await memberWithProfile(t.app, 'Geblockt', 'male');
    await talk(lena, blocked);
    expect((await api('POST', `/api/blocks/${lena.id}`, blocked.token)).statusCode).toBe(200);
    for (const other of [stranger.id, lena.id, blocked.id]) {
      const res = await share(lena, other);
      expect(res.statusCode).toBe(404);
      expect(res.body).toBe(unknown.body);
    }
    expect(unknown.json()).toEqual({ error: 'not_found', message: 'Diese Unterhaltung gibt es nicht.' });
    expect((await t.app.inject({ method: 'POST', url: `/api/conversations/${tom.id}/date-shares`, payload: plan() })).statusCode).toBe(401);
  });

  it('refuses dates in the past or more than 60 days ahead, impossible dates, NUL bytes and overlong text, writing nothing', async () => {
    const lena = await sharer('Lena Zwei');
    const before = await count('date_shares');
    const refused = {
      past: plan({ startsAt: inDays(-1) }),
      tooFar: plan({ startsAt: inDays(61) }),
      impossible: plan({ startsAt: '2027-02-30T19:00' }),
      badFormat: plan({ startsAt: 'morgen' }),
      nul: plan({ place: 'Café\u0000Luise' }),
      long: plan({ place: 'x'.repeat(121) }),
      longNote: plan({ note: 'x'.repeat(501) }),
      empty: plan({ place: '   ' }),
    };
    for (const [what, body] of Object.entries(refused)) {
      const res = await share(lena, tom.id, body);
      expect([400, 422], `${what}: ${res.body}`).toContain(res.statusCode);
      expect(res.json<{ message: string }>().message, what).toMatch(/[äöüÄÖÜß]|Bitte|Datum|Zeichen|Zukunft/);
    }
    expect((await share(lena, tom.id, plan({ startsAt: inDays(-1) }))).json()).toEqual({
      error: 'date_share_time',
      message: 'Das Date muss in der Zukunft liegen, höchstens 60 Tage von heute.',
    });
    expect(await count('date_shares')).toBe(before);
  });

  it('"Link löschen" ends the link at once; a deleted, expired, unknown or malformed link gives the same page', async () => {
    const lena = await sharer('Lena Drei');
    const created = (await share(lena, tom.id, plan({ place: 'Biergarten' }))).json<CreateDateShareResponse>();
    const path = new URL(created.url).pathname;
    const other = (await api('DELETE', `/api/me/date-shares/${created.id}`, tom.token));
    expect(other.statusCode).toBe(404);
    expect((await page(path)).statusCode).toBe(200);
    expect((await api('DELETE', `/api/me/date-shares/${created.id}`, lena.token)).statusCode).toBe(200);
    const deleted = await page(path);
    expect((await api('DELETE', `/api/me/date-shares/${created.id}`, lena.token)).statusCode).toBe(404);

    const expiring = (await share(lena, tom.id, plan({ place: 'Eisdiele' }))).json<CreateDateShareResponse>();
    await t.c.db.query("UPDATE date_shares SET starts_at = now() - interval '13 hours', expires_at = now() - interval '1 hour' WHERE id = $1", [expiring.id]);
    const expired = await page(new URL(expiring.url).pathname);
    const unknown = await page(`/date/${'A'.repeat(43)}`);
    const malformed = await page('/date/kaputt%00');
    for (const res of [deleted, expired, unknown, malformed]) {
      expect(res.statusCode).toBe(404);
      expect(res.body).toBe(unknown.body);
      expect(res.headers['cache-control']).toBe('no-store');
    }
    expect(unknown.body).toContain('Dieser Link ist abgelaufen oder ungültig.');
    expect((await page(`${path}/foto`)).statusCode).toBe(404);
    expect((await api('GET', '/api/me/date-shares', lena.token)).json<DateSharesResponse>().shares.map((s) => s.id)).not.toContain(expiring.id);
    expect(await t.c.modules.dateShares.services.dateShares.deleteExpired()).toBeGreaterThanOrEqual(1);
  });

  it('the photo only while it is shown to members; without consent to show it there is none', async () => {
    const lena = await sharer('Lena Vier');
    const created = (await share(lena, tom.id, plan({ withPhoto: false }))).json<CreateDateShareResponse>();
    expect(created.withPhoto).toBe(false);
    const path = new URL(created.url).pathname;
    expect((await page(path)).body).not.toContain('<img');
    expect((await page(`${path}/foto`)).statusCode).toBe(404);

    const withPhoto = (await share(lena, tom.id)).json<CreateDateShareResponse>();
    await t.c.db.query('UPDATE photos SET disabled_at = now() WHERE user_id = $1', [tom.id]);
    expect((await page(`${new URL(withPhoto.url).pathname}/foto`)).statusCode).toBe(404);
    await t.c.db.query('UPDATE photos SET disabled_at = NULL WHERE user_id = $1', [tom.id]);
  });

  it('caps creation: 10 an hour per member under parallel requests, 20 active links', async () => {
    const sara = await sharer('Sara');
    const results = await Promise.all(Array.from({ length: 14 }, () => share(sara, tom.id)));
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(10);
    expect(results.filter((r) => r.statusCode === 429)).toHaveLength(4);

    const ida = await sharer('Ida');
    await t.c.db.query(
      `INSERT INTO date_shares (id, user_id, partner_id, token_hash, partner_name, place, starts_at, expires_at)
       SELECT gen_random_uuid(), $1, $2, md5(random()::text), 'Tom', 'Ort', now() + interval '1 day', now() + interval '36 hours' FROM generate_series(1, 20)`,
      [ida.id, tom.id],
    );
    const res = await share(ida, tom.id);
    expect(res.statusCode).toBe(409);
    expect(res.json<{ error: string }>().error).toBe('too_many_date_shares');
  });

  it('ends with either account (erasure)', async () => {
    const mia = await sharer('Mia');
    expect((await share(mia, tom.id)).statusCode).toBe(200);
    expect((await api('DELETE', '/api/me', mia.token, { password: 'Kiwi-Wolke-Geheim-42' })).statusCode).toBe(200);
    expect((await t.c.db.query('SELECT 1 FROM date_shares WHERE user_id = $1', [mia.id])).length).toBe(0);
  });
});
