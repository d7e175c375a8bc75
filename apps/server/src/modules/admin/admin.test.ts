import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, listen, register, type TestApp } from '../../../test/harness.js';
import { makeJpeg, multipart } from '../../../test/images.js';
import { apiAs, memberWithProfile } from '../../../test/members.js';
import { connectClient } from '../../../test/sockets.js';
import type { Moderator } from '../photos/moderation/moderator.js';

/** Every upload waits for a human (grey zone). */
const reviewAll: Moderator = {
  classify: async () => ({ Drawing: 0.01, Hentai: 0.01, Neutral: 0.2, Porn: 0.75, Sexy: 0.03 }),
  close: async () => undefined,
};

let t: TestApp;
let api: ReturnType<typeof apiAs>;
let base: string;
let admin: { token: string; id: string };

beforeAll(async () => {
  t = await createTestApp({ ADMIN_EMAILS: 'chefin@example.org' }, {}, { moderator: reviewAll });
  api = apiAs(t.app);
  base = await listen(t.app);
  const { token } = await register(t.app, 'chefin@example.org', 'Kiwi-Wolke-Geheim-42', 'Chefin');
  const id = (await api('GET', '/api/me', token)).json<{ id: string }>().id;
  await t.c.db.query('UPDATE users SET email_verified = true WHERE id = $1', [id]);
  t.c.events.publish('users.changed', { userIds: [id] });
  admin = { token, id };
}, 60_000);
afterAll(() => t.close());

async function upload(token: string) {
  const body = multipart(await makeJpeg(800, 600));
  const res = await t.app.inject({ method: 'POST', url: '/api/photos/upload', payload: body.payload, headers: { ...body.headers, authorization: `Bearer ${token}` } });
  return res.json<{ photo: { id: string; status: string } }>().photo;
}

describe('admin role', () => {
  it('is an ADMIN_EMAILS address once verified; members get 403, visitors 401, on every admin route', async () => {
    expect((await api('GET', '/api/me', admin.token)).json()).toMatchObject({ role: 'admin' });
    const member = await register(t.app);
    const routes: ['GET' | 'PUT' | 'POST', string][] = [
      ['GET', '/api/admin/settings'],
      ['PUT', '/api/admin/settings'],
      ['POST', '/api/admin/maintenance/cleanup-tokens'],
      ['GET', '/api/admin/photos/pending'],
      ['POST', '/api/admin/photos/00000000-0000-4000-8000-000000000000/disable'],
      ['GET', '/api/admin/reports'],
      ['POST', '/api/admin/reports/00000000-0000-4000-8000-000000000000/resolve'],
      ['POST', '/api/admin/users/00000000-0000-4000-8000-000000000000/suspend'],
      ['GET', '/api/admin/audit'],
    ];
    for (const [method, url] of routes) {
      expect((await api(method, url, member.token, method === 'GET' ? undefined : {})).statusCode, `${method} ${url}`).toBe(403);
      expect((await t.app.inject({ method, url })).statusCode, `${method} ${url}`).toBe(401);
    }
    // An unverified ADMIN_EMAILS address is no admin.
    const early = await register(t.app, 'chefin2@example.org');
    expect((await api('GET', '/api/admin/settings', early.token)).statusCode).toBe(403);
  });
});

describe('settings', () => {
  it('lists every key; saves valid values; refuses a bad one by name without saving anything', async () => {
    const all = (await api('GET', '/api/admin/settings', admin.token)).json<Record<string, string>>();
    expect(Object.keys(all)).toEqual(expect.arrayContaining(['DEBUG', 'EMAIL_VERIFICATION_REQUIRED', 'CREDIT_COST_PER_MESSAGE_MALE', 'WOMAN_DAILY_REPLY_LIMIT', 'VERIFY_RESEND_PER_DAY', 'RESET_REQUEST_PER_DAY', 'COMPANION_CREDIT_COST', 'PREMIUM_PRICE_CREDITS']));
    const bad = await api('PUT', '/api/admin/settings', admin.token, { WOMAN_DAILY_REPLY_LIMIT: '7', CREDIT_COST_PER_MESSAGE_MALE: 'viel' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/CREDIT_COST_PER_MESSAGE_MALE/);
    expect((await api('GET', '/api/admin/settings', admin.token)).json()).toMatchObject({ WOMAN_DAILY_REPLY_LIMIT: '20' });
    expect((await api('PUT', '/api/admin/settings', admin.token, { WOMAN_DAILY_REPLY_LIMIT: '7' })).json()).toMatchObject({ WOMAN_DAILY_REPLY_LIMIT: '7' });
    expect(await t.c.settings.get('WOMAN_DAILY_REPLY_LIMIT')).toBe(7);
    await api('PUT', '/api/admin/settings', admin.token, { WOMAN_DAILY_REPLY_LIMIT: '20' });
  });
});

describe('maintenance', () => {
  it('deletes expired tokens and prunes used ones older than 7 days', async () => {
    const { token } = await register(t.app);
    const id = (await api('GET', '/api/me', token)).json<{ id: string }>().id;
    const insert = (kind: string, expires: string, used: string | null) =>
      t.c.db.query(`INSERT INTO auth_tokens (id, user_id, kind, token_hash, expires_at, used_at) VALUES (gen_random_uuid(), $1, $2, md5(random()::text), ${expires}, ${used ?? 'NULL'})`, [id, kind]);
    await t.c.db.query('DELETE FROM auth_tokens');
    await insert('verify', "now() - interval '1 hour'", null);
    await insert('verify', "now() + interval '1 hour'", null);
    await insert('reset', "now() - interval '1 hour'", null);
    await insert('reset', "now() - interval '1 hour'", null);
    await insert('verify', "now() - interval '10 days'", "now() - interval '8 days'");
    await insert('reset', "now() + interval '1 hour'", "now() - interval '1 day'");
    const res = await api('POST', '/api/admin/maintenance/cleanup-tokens', admin.token);
    expect(res.json()).toEqual({ expiredVerifyDeleted: 1, expiredResetDeleted: 2, usedVerifyPruned: 1, usedResetPruned: 0 });
    expect((await t.c.db.query('SELECT 1 FROM auth_tokens')).length).toBe(2);
  });
});

describe('moderation', () => {
  it('lists pending photos with a thumbnail and scores; enable and disable act at once and are audited', async () => {
    const m = await memberWithProfile(t.app, 'Wartend', 'female');
    const photo = await upload(m.token);
    expect(photo.status).toBe('pending');
    const pending = (await api('GET', '/api/admin/photos/pending', admin.token)).json<{ id: string; user_id: string; moderation_status: string; thumbUrl: string; scores: Record<string, number> }[]>();
    const entry = pending.find((p) => p.id === photo.id);
    expect(entry).toMatchObject({ user_id: m.id, moderation_status: 'pending', scores: { Porn: 0.75 } });
    expect((await t.app.inject({ method: 'GET', url: entry!.thumbUrl })).statusCode).toBe(200);
    expect((await api('POST', `/api/admin/photos/${photo.id}/enable`, admin.token)).statusCode).toBe(200);
    expect((await api('GET', '/api/admin/photos/pending', admin.token)).json<{ id: string }[]>().map((p) => p.id)).not.toContain(photo.id);
    const state = async () => (await t.c.db.query<{ status: string; disabled: boolean }>('SELECT status, disabled_at IS NOT NULL AS disabled FROM photos WHERE id = $1', [photo.id]))[0];
    expect(await state()).toEqual({ status: 'approved', disabled: false });
    expect((await api('POST', `/api/admin/photos/${photo.id}/disable`, admin.token)).statusCode).toBe(200);
    expect(await state()).toEqual({ status: 'approved', disabled: true });
    expect((await api('POST', `/api/admin/photos/${photo.id}/explode`, admin.token)).statusCode).toBe(400);
    const audit = (await api('GET', '/api/admin/audit', admin.token)).json<{ admin: string; action: string; target: string }[]>();
    // The disable also sent the owner a statement of reasons (its own line, 'decision.issued': decisions/statements.test.ts).
    expect(audit.filter((a) => a.action.startsWith('photo.')).slice(0, 2)).toEqual([
      expect.objectContaining({ admin: 'chefin@example.org', action: 'photo.disable', target: photo.id }),
      expect.objectContaining({ admin: 'chefin@example.org', action: 'photo.enable', target: photo.id }),
    ]);
  });
});

describe('reports', () => {
  it('members report a profile (and may block); admins see and resolve it; reports are rate-limited', async () => {
    const reporter = await memberWithProfile(t.app, 'Meldende', 'female');
    const target = await memberWithProfile(t.app, 'Störer', 'male');
    const res = await api('POST', '/api/reports', reporter.token, { userId: target.id, reason: 'harassment', details: 'Beleidigt mich.', block: true });
    expect(res.json()).toMatchObject({ message: 'Danke für deine Meldung. Das Mitglied ist jetzt blockiert.' });
    expect((await api('GET', `/api/profile/${target.id}`, reporter.token)).statusCode).toBe(404);
    const list = (await api('GET', '/api/admin/reports', admin.token)).json<{ id: string; reporter: string; reason: string; reported: { id: string }; status: string }[]>();
    const report = list.find((r) => r.id === res.json().id);
    expect(report).toMatchObject({ reporter: 'Meldende', reason: 'Belästigung oder Beleidigung', reported: { id: target.id, name: 'Störer' }, status: 'open' });
    expect((await api('POST', `/api/admin/reports/${report!.id}/resolve`, admin.token, {})).statusCode).toBe(200);
    expect((await api('GET', '/api/admin/reports', admin.token)).json<{ id: string; status: string }[]>().find((r) => r.id === report!.id)?.status).toBe('resolved');
    const bad = await api('POST', '/api/reports', reporter.token, { userId: target.id, photoId: target.id, reason: 'spam' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/genau ein Foto, ein Profil oder eine Nachricht/);
    expect((await api('POST', '/api/reports', reporter.token, { userId: target.id, reason: 'gefällt mir nicht' })).statusCode).toBe(400);
    const other = await memberWithProfile(t.app, 'Andere', 'male');
    const codes: number[] = [];
    for (let i = 0; i < 10; i++) codes.push((await api('POST', '/api/reports', reporter.token, { userId: other.id, reason: 'spam' })).statusCode);
    expect(codes.filter((c) => c === 429).length).toBeGreaterThan(0);
  });
});

describe('suspension', () => {
  it('ends sessions and live sockets at once and hides the member from feed, inbox and login', async () => {
    const bad = await memberWithProfile(t.app, 'Gesperrt', 'male');
    const victim = await memberWithProfile(t.app, 'Opfer', 'female');
    const socket = connectClient(base, bad.token);
    await socket.connected();
    const disconnected = new Promise<void>((resolve) => socket.socket.once('disconnect', () => resolve()));
    // A conversation first (women write for free).
    expect((await api('POST', `/api/messages/${bad.id}`, victim.token, { body: 'Hallo' })).statusCode).toBe(200);
    expect((await api('GET', '/api/conversations', victim.token)).json<{ memberId: string }[]>().map((c) => c.memberId)).toContain(bad.id);
    expect((await api('POST', `/api/admin/users/${bad.id}/suspend`, admin.token)).statusCode).toBe(200);
    await disconnected;
    expect((await api('GET', '/api/me', bad.token)).statusCode).toBe(401);
    const login = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: (await t.c.db.query<{ email: string }>('SELECT email FROM users WHERE id = $1', [bad.id]))[0]!.email, password: 'Kiwi-Wolke-Geheim-42' } });
    expect(login.statusCode).toBe(403);
    expect(login.json().message).toMatch(/gesperrt/);
    expect((await api('GET', '/api/conversations', victim.token)).json<{ memberId: string }[]>().map((c) => c.memberId)).not.toContain(bad.id);
    expect((await api('POST', `/api/messages/${bad.id}`, victim.token, { body: 'Noch da?' })).statusCode).toBe(404);
    expect((await api('POST', `/api/admin/users/${admin.id}/suspend`, admin.token)).statusCode).toBe(400);
    socket.close();
  });
});
