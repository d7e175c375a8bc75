import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/fixture.js';
import { uniqueEmail } from '../../../test/harness.js';
import { enqueueMail } from './outbox.repo.js';
import { makeDue } from '../jobs/job-runs.repo.js';

const t = useTestApp({ smtp: true });

describe('mail outbox', () => {
  it('keeps a mail while SMTP refuses it and delivers it once SMTP is back', async () => {
    const to = uniqueEmail('outbox');
    await enqueueMail(t.c.db, { to, subject: 'Hallo', text: 'Text', html: '<p>Text</p>' });
    t.smtp.setRefusing(true);
    expect(await t.c.mailSender.drain()).toBe(0);
    const [pending] = await t.c.db.query<{ attempts: number; last_error: string; sent_at: Date | null }>(
      'SELECT attempts, last_error, sent_at FROM mail_outbox WHERE to_address = $1',
      [to],
    );
    expect(pending).toMatchObject({ attempts: 1, sent_at: null });
    expect(pending?.last_error).toBeTruthy();

    t.smtp.setRefusing(false);
    expect(await t.c.mailSender.drain()).toBe(0); // not due yet: backoff
    await t.c.db.query('UPDATE mail_outbox SET next_attempt_at = now() WHERE to_address = $1', [to]);
    expect(await t.c.mailSender.drain()).toBe(1);
    expect(t.smtp.mailsTo(to)).toHaveLength(1);
    expect(await t.c.mailSender.drain()).toBe(0); // never twice
  });

  it('two senders draining at once deliver each mail exactly once', async () => {
    const to = uniqueEmail('race');
    for (let i = 0; i < 10; i++) await enqueueMail(t.c.db, { to, subject: `Nr. ${i}`, text: 'x', html: 'x' });
    const [a, b] = await Promise.all([t.c.mailSender.drain(), t.c.mailSender.drain()]);
    expect(a + b).toBe(10);
    expect(t.smtp.mailsTo(to).map((m) => m.subject).sort()).toEqual([...Array(10).keys()].map((i) => `Nr. ${i}`).sort());
  });

  it('the daily cleanup deletes mails sent over 7 days ago and given-up ones over 30, nothing else', async () => {
    const to = uniqueEmail('retention');
    const ages: [string, string][] = [
      ['sent 8 days ago', `sent_at = now() - interval '8 days'`],
      ['sent 6 days ago', `sent_at = now() - interval '6 days'`],
      ['failed 31 days ago', `failed_at = now() - interval '31 days'`],
      ['failed 29 days ago', `failed_at = now() - interval '29 days'`],
      ['pending for 40 days', `created_at = now() - interval '40 days', next_attempt_at = now() + interval '1 hour'`],
    ];
    for (const [subject, set] of ages) {
      await enqueueMail(t.c.db, { to, subject, text: 'x', html: 'x' });
      await t.c.db.query(`UPDATE mail_outbox SET ${set} WHERE to_address = $1 AND subject = $2`, [to, subject]);
    }
    await makeDue(t.c.db, 'token-cleanup');
    expect(await t.c.tokenCleanupJob.runIfDue()).toBe(true);
    const left = await t.c.db.query<{ subject: string }>('SELECT subject FROM mail_outbox WHERE to_address = $1 ORDER BY subject', [to]);
    expect(left.map((r) => r.subject)).toEqual(['failed 29 days ago', 'pending for 40 days', 'sent 6 days ago']);
  });
});
