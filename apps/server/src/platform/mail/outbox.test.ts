import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, uniqueEmail, type TestApp } from '../../../test/harness.js';
import { startSmtpServer, type TestSmtp } from '../../../test/smtp.js';
import { enqueueMail } from './outbox.repo.js';

let t: TestApp;
let smtp: TestSmtp;

beforeAll(async () => {
  smtp = await startSmtpServer();
  t = await createTestApp({ SMTP_URL: smtp.url });
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

describe('mail outbox', () => {
  it('keeps a mail while SMTP refuses it and delivers it once SMTP is back', async () => {
    const to = uniqueEmail('outbox');
    await enqueueMail(t.c.db, { to, subject: 'Hallo', text: 'Text', html: '<p>Text</p>' });
    smtp.setRefusing(true);
    expect(await t.c.mailSender.drain()).toBe(0);
    const [pending] = await t.c.db.query<{ attempts: number; last_error: string; sent_at: Date | null }>(
      'SELECT attempts, last_error, sent_at FROM mail_outbox WHERE to_address = $1',
      [to],
    );
    expect(pending).toMatchObject({ attempts: 1, sent_at: null });
    expect(pending?.last_error).toBeTruthy();

    smtp.setRefusing(false);
    expect(await t.c.mailSender.drain()).toBe(0); // not due yet: backoff
    await t.c.db.query('UPDATE mail_outbox SET next_attempt_at = now() WHERE to_address = $1', [to]);
    expect(await t.c.mailSender.drain()).toBe(1);
    expect(smtp.mailsTo(to)).toHaveLength(1);
    expect(await t.c.mailSender.drain()).toBe(0); // never twice
  });

  it('two senders draining at once deliver each mail exactly once', async () => {
    const to = uniqueEmail('race');
    for (let i = 0; i < 10; i++) await enqueueMail(t.c.db, { to, subject: `Nr. ${i}`, text: 'x', html: 'x' });
    const [a, b] = await Promise.all([t.c.mailSender.drain(), t.c.mailSender.drain()]);
    expect(a + b).toBe(10);
    expect(smtp.mailsTo(to).map((m) => m.subject).sort()).toEqual([...Array(10).keys()].map((i) => `Nr. ${i}`).sort());
  });
});
