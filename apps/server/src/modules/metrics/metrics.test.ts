import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, listen, register, type TestApp, uniqueEmail } from '../../../test/harness.js';
import { makeJpeg, multipart } from '../../../test/images.js';
import { sample, scrape } from '../../../test/prometheus.js';
import { startSmtpServer, type TestSmtp } from '../../../test/smtp.js';
import { connectClient } from '../../../test/sockets.js';
import type { NsfwScores } from '../photos/moderation/decision.js';
import type { Moderator } from '../photos/moderation/moderator.js';
import { enqueueMail } from '../../platform/mail/outbox.repo.js';

const SAFE: NsfwScores = { Drawing: 0.05, Hentai: 0.01, Neutral: 0.9, Porn: 0.02, Sexy: 0.02 };
let verdict: NsfwScores | Error = SAFE;
const scriptedModerator: Moderator = {
  classify: async () => {
    if (verdict instanceof Error) throw verdict;
    return verdict;
  },
  close: async () => undefined,
};

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ ADMIN_EMAILS: 'ops-chefin@example.org', TRUST_PROXY: 'true' }, {}, { moderator: scriptedModerator });
});
afterAll(() => t.close());

const get = (url: string, remoteAddress: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, remoteAddress, headers });

describe('GET /metrics without METRICS_TOKEN', () => {
  it('answers the loopback peer in Prometheus text and hides itself from everyone else', async () => {
    for (const address of ['127.0.0.1', '127.3.4.5', '::1', '::ffff:127.0.0.1']) {
      const res = await get('/metrics', address);
      expect(res.statusCode, address).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
      expect(res.body).toContain('# TYPE funkeln_http_request_duration_seconds histogram');
      expect(res.body).toContain('process_cpu_user_seconds_total');
    }
    for (const address of ['10.0.0.7', '192.168.1.20', '::ffff:10.0.0.1', '128.0.0.1']) {
      const res = await get('/metrics', address);
      expect(res.statusCode, address).toBe(404);
      expect(res.json()).toEqual({ error: 'not_found', message: 'Nicht gefunden.' });
    }
    // A forwarded-for header is anyone's to write: the TCP peer decides, even with TRUST_PROXY.
    expect((await get('/metrics', '10.0.0.7', { 'x-forwarded-for': '127.0.0.1' })).statusCode).toBe(404);
    // A reverse proxy on the same host connects from loopback: what it forwards from outside is refused.
    for (const header of ['x-forwarded-for', 'forwarded', 'x-real-ip']) {
      expect((await get('/metrics', '127.0.0.1', { [header]: '203.0.113.9' })).statusCode, header).toBe(404);
    }
  });

  it('times requests by route template, never by raw URL, and leaves the scrape itself out', async () => {
    const { token } = await register(t.app);
    const target = '6d1f2c3e-8a4b-4c5d-9e6f-7a8b9c0d1e2f';
    await t.app.inject({ method: 'POST', url: `/api/blocks/${target}`, headers: bearer(token) });
    await t.app.inject({ method: 'GET', url: '/api/kein-weg/hier?token=geheim' });
    await scrape(t.app);
    const text = await scrape(t.app);
    const blockLabels = /funkeln_http_request_duration_seconds_count\{method="POST",route="\/api\/blocks\/:memberId",status_code="(\d+)"\} 1/;
    expect(text).toMatch(blockLabels);
    expect(sample(text, 'funkeln_http_request_duration_seconds_count', { method: 'GET', route: 'unmatched', status_code: '404' })).toBe(1);
    expect(sample(text, 'funkeln_http_request_duration_seconds_count', { method: 'POST', route: '/api/auth/register', status_code: '200' })).toBe(1);
    expect(text).not.toContain(target);
    expect(text).not.toContain('kein-weg');
    expect(text).not.toContain('route="/metrics"');
    // Buckets from 1 ms to 5 s.
    expect(text).toContain('le="0.001"');
    expect(text).toContain('le="5"');
  });

  it('reads queue depths from the database at scrape time', async () => {
    const pending = () => scrape(t.app).then((text) => sample(text, 'funkeln_mail_outbox_mails', { state: 'pending' }));
    const before = await pending();
    expect(before).toBeGreaterThanOrEqual(0);
    await enqueueMail(t.c.db, { to: uniqueEmail('queue'), subject: 'Hallo', text: 'Text', html: '<p>Text</p>' });
    expect(await pending()).toBe((before ?? 0) + 1);
    const text = await scrape(t.app);
    expect(sample(text, 'funkeln_mail_outbox_mails', { state: 'failed' })).toBe(0);
    expect(sample(text, 'funkeln_prepaid_escrows', { state: 'open' })).toBe(0);
    expect(sample(text, 'funkeln_prepaid_escrows', { state: 'overdue' })).toBe(0);
  });

  it('still answers when a queue query fails: that gauge is skipped and the error counted', async () => {
    await t.c.db.query('ALTER TABLE escrows RENAME TO escrows_hidden_for_test');
    try {
      const first = await scrape(t.app);
      expect(sample(first, 'funkeln_prepaid_escrows', { state: 'open' })).toBeUndefined();
      expect(sample(first, 'funkeln_mail_outbox_mails', { state: 'pending' })).toBeGreaterThanOrEqual(1);
      const second = await scrape(t.app);
      expect(sample(second, 'funkeln_metrics_collect_errors_total', { source: 'escrows' })).toBeGreaterThanOrEqual(1);
    } finally {
      await t.c.db.query('ALTER TABLE escrows_hidden_for_test RENAME TO escrows');
    }
    expect(sample(await scrape(t.app), 'funkeln_prepaid_escrows', { state: 'open' })).toBe(0);
  });

  it('counts moderation outcomes and admin decisions', async () => {
    const moderation = async (outcome: string) => sample(await scrape(t.app), 'funkeln_photo_moderation_total', { outcome }) ?? 0;
    const upload = async (token: string) => {
      const body = multipart(await makeJpeg(400, 300));
      const res = await t.app.inject({ method: 'POST', url: '/api/photos/upload', payload: body.payload, headers: { ...body.headers, ...bearer(token) } });
      expect(res.statusCode).toBe(200);
      return res.json<{ photo: { id: string } }>().photo.id;
    };
    const member = await register(t.app);
    verdict = SAFE;
    await upload(member.token);
    expect(await moderation('approved')).toBe(1);
    verdict = new Error('model crashed');
    const photoId = await upload(member.token); // replaces the first one
    expect(await moderation('error')).toBe(1);
    expect(await moderation('approved')).toBe(1);

    const admin = await register(t.app, 'ops-chefin@example.org');
    await t.c.db.query('UPDATE users SET email_verified = true WHERE email = $1', ['ops-chefin@example.org']);
    const adminId = (await t.app.inject({ method: 'GET', url: '/api/me', headers: bearer(admin.token) })).json<{ id: string }>().id;
    t.c.events.publish('users.changed', { userIds: [adminId] });
    const decide = (action: string) =>
      t.app.inject({ method: 'POST', url: `/api/admin/photos/${photoId}/${action}`, headers: bearer(admin.token) });
    expect((await decide('disable')).statusCode).toBe(200);
    expect((await decide('enable')).statusCode).toBe(200);
    expect((await decide('disable')).statusCode).toBe(200);
    const text = await scrape(t.app);
    expect(sample(text, 'funkeln_admin_photo_decisions_total', { action: 'disable' })).toBe(2);
    expect(sample(text, 'funkeln_admin_photo_decisions_total', { action: 'enable' })).toBe(1);
  });

  it('follows sockets and online members', async () => {
    const base = await listen(t.app);
    const member = await register(t.app);
    const socket = connectClient(base, member.token);
    await socket.connected();
    await socket.seesOnline(1);
    let text = await scrape(t.app);
    expect(sample(text, 'funkeln_sockets_open')).toBe(1);
    expect(sample(text, 'funkeln_socket_connections_total')).toBe(1);
    expect(sample(text, 'funkeln_online_members')).toBe(1);
    socket.close();
    const until = Date.now() + 5000;
    while (sample((text = await scrape(t.app)), 'funkeln_online_members') !== 0 && Date.now() < until) await new Promise((r) => setTimeout(r, 20));
    expect(sample(text, 'funkeln_sockets_open')).toBe(0);
    expect(sample(text, 'funkeln_online_members')).toBe(0);
    expect(sample(text, 'funkeln_socket_connections_total')).toBe(1);
  });
});

describe('GET /metrics with METRICS_TOKEN', () => {
  let s: TestApp;
  let smtp: TestSmtp;
  const token = 'metrics-token-for-the-test-0123456789';
  beforeAll(async () => {
    smtp = await startSmtpServer();
    s = await createTestApp({ METRICS_TOKEN: token, SMTP_URL: smtp.url });
  });
  afterAll(async () => {
    await s.close();
    await smtp.close();
  });

  it('wants the bearer token from every address, loopback included', async () => {
    for (const headers of [{}, { authorization: 'Bearer falsch' }, { authorization: `Bearer ${token}x` }, { authorization: token }]) {
      const res = await s.app.inject({ method: 'GET', url: '/metrics', remoteAddress: '127.0.0.1', headers });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ error: 'unauthorized', message: 'Für die Metriken ist ein gültiger Zugangsschlüssel nötig.' });
    }
    const res = await s.app.inject({ method: 'GET', url: '/metrics', remoteAddress: '203.0.113.9', headers: { authorization: `Bearer ${token}` } });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('funkeln_mails_sent_total');
  });

  it('counts mails sent and delivery failures per transport, apart from the other app in this process', async () => {
    const to = uniqueEmail('metrics-mail');
    await enqueueMail(s.c.db, { to, subject: 'Hallo', text: 'Text', html: '<p>Text</p>' });
    smtp.setRefusing(true);
    expect(await s.c.mailSender.drain()).toBe(0);
    let text = await scrape(s.app, token);
    expect(sample(text, 'funkeln_mail_delivery_failures_total', { transport: 'smtp' })).toBe(1);
    expect(sample(text, 'funkeln_mails_sent_total', { transport: 'smtp' })).toBeUndefined();
    smtp.setRefusing(false);
    await s.c.db.query('UPDATE mail_outbox SET next_attempt_at = now() WHERE to_address = $1', [to]);
    expect(await s.c.mailSender.drain()).toBe(1);
    text = await scrape(s.app, token);
    expect(sample(text, 'funkeln_mails_sent_total', { transport: 'smtp' })).toBe(1);
    // Each container has its own registry: the first app saw none of this.
    expect(sample(await scrape(t.app), 'funkeln_mail_delivery_failures_total', { transport: 'smtp' })).toBeUndefined();
    expect(sample(text, 'funkeln_photo_moderation_total', { outcome: 'approved' })).toBeUndefined();
  });
});
