import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { eventually } from '../../../test/cluster.js';
import { sample } from '../../../test/prometheus.js';
import { startPushService } from '../../../test/push-service.js';
import { call, remoteMember } from '../../../test/remote.js';
import { processStorage, startServerProcess } from '../../../test/server-process.js';
import { linkToken, startSmtpServer } from '../../../test/smtp.js';

/**
 * Issue 55, section 3: a real server process commits a message and a match to offline members and
 * stops at the fault point right after each commit, before any consumer of the event ran
 * (FAULT_POINT=event-dispatch, refused in production). It is killed there (SIGKILL) and started
 * again on the same database and port: each notification mail and Web Push goes out once, not
 * zero times (the events were lost with the process before) and not twice.
 */
const cleanups: (() => Promise<unknown>)[] = [];
afterAll(async () => {
  for (const c of cleanups.reverse()) await c();
});

const MESSAGE_MAIL = 'Du hast eine neue Nachricht';
const MATCH_MAIL = 'Du hast ein neues Match';

describe('domain events across a crash between commit and delivery', () => {
  it('kill -9 after the commits of a message and a match: after the restart one mail and one push each, not zero, not two', async () => {
    const smtp = await startSmtpServer();
    cleanups.push(() => smtp.close());
    const pushService = await startPushService();
    cleanups.push(() => pushService.close());
    const storage = await processStorage();
    cleanups.push(storage.drop);
    // The server process trusts the local push service's self-signed certificate through Node's own variable.
    const caFile = join(mkdtempSync(join(tmpdir(), 'funkeln-push-ca-')), 'ca.pem');
    writeFileSync(caFile, pushService.ca);
    const env = { ...storage.env, SMTP_URL: smtp.url, PUSH_ALLOW_PRIVATE_ENDPOINTS: 'true', NODE_EXTRA_CA_CERTS: caFile, MAIL_LEASE_SECONDS: '6' };

    let server = await startServerProcess({ ...env, FAULT_POINT: 'event-dispatch' });
    cleanups.push(() => server.stop());
    const port = new URL(server.base).port;
    const sender = await remoteMember(server.base, 'Senderin', 'female');
    const recipient = await remoteMember(server.base, 'Empfaengerin', 'female');
    const liker = await remoteMember(server.base, 'Matchpartnerin', 'female');
    // Notification mails go to confirmed addresses only.
    for (const m of [recipient, liker]) {
      await eventually(() => smtp.mailsTo(m.email).length > 0, { timeoutMs: 30_000 });
      const confirmed = await call(server.base, 'POST', '/api/auth/verify/confirm', { body: { token: linkToken(smtp.mailsTo(m.email)[0], '/verify') } });
      expect(confirmed.status).toBe(200);
    }
    const device = pushService.device();
    const subscribed = await call(server.base, 'POST', '/api/push/subscriptions', { token: recipient.token, body: { endpoint: device.endpoint, keys: device.keys } });
    expect(subscribed.status).toBe(200);

    const mailsTo = (m: { email: string }, subject: string) => smtp.mailsTo(m.email).filter((mail) => mail.subject === subject);
    const pushes = () => pushService.received.filter((p) => p.deviceId === device.id);
    const haltedAt = () => server.stdout.split('fault point reached').length - 1;

    const sent = await call<{ message: { id: string } }>(server.base, 'POST', `/api/messages/${recipient.id}`, { token: sender.token, body: { body: 'Hallo!' } });
    expect(sent.status).toBe(200);
    // Committed; the dispatch of its event now waits at the fault point, before any consumer heard it.
    await eventually(() => haltedAt() === 1, { timeoutMs: 30_000 });
    expect((await call(server.base, 'POST', `/api/likes/${liker.id}?type=like`, { token: recipient.token })).body).toEqual({ match: false });
    expect((await call(server.base, 'POST', `/api/likes/${recipient.id}?type=like`, { token: liker.token })).body).toEqual({ match: true });
    await eventually(() => haltedAt() === 2, { timeoutMs: 30_000 });
    expect([mailsTo(recipient, MESSAGE_MAIL), mailsTo(recipient, MATCH_MAIL), mailsTo(liker, MATCH_MAIL), pushes()]).toEqual([[], [], [], []]);
    server.child.kill('SIGKILL');
    await new Promise((r) => (server.child.exitCode === null && server.child.signalCode === null ? server.child.once('exit', r) : r(undefined)));

    server = await startServerProcess(env, port);
    // The events' leases run out (6 s), the restarted process claims and dispatches them, the senders deliver.
    await eventually(() => mailsTo(recipient, MESSAGE_MAIL).length > 0 && mailsTo(liker, MATCH_MAIL).length > 0 && pushes().length > 1, { timeoutMs: 60_000, everyMs: 200 });
    // Everything settled: nothing pending in any outbox, nothing given up.
    await eventually(
      async () => {
        const text = await fetch(`${server.base}/metrics`).then((r) => r.text());
        const outboxes = ['funkeln_event_outbox_events', 'funkeln_mail_outbox_mails', 'funkeln_push_outbox_pushes'];
        return outboxes.every((name) => sample(text, name, { state: 'pending' }) === 0 && sample(text, name, { state: 'failed' }) === 0);
      },
      { timeoutMs: 30_000, everyMs: 200 },
    );
    expect(mailsTo(recipient, MESSAGE_MAIL).map((m) => m.text)).toEqual([expect.stringContaining('Senderin hat dir auf Funkeln geschrieben')]);
    expect(mailsTo(recipient, MATCH_MAIL).map((m) => m.text)).toEqual([expect.stringContaining('Du und Matchpartnerin habt euch gegenseitig geliked')]);
    expect(mailsTo(liker, MATCH_MAIL).map((m) => m.text)).toEqual([expect.stringContaining('Du und Empfaengerin habt euch gegenseitig geliked')]);
    const titles = pushes().map((p) => (p.payload as { title: string }).title);
    expect(titles.sort()).toEqual(['Neue Nachricht', 'Neues Match']);
    expect(pushes().find((p) => (p.payload as { title: string }).title === 'Neue Nachricht')?.payload).toEqual({
      title: 'Neue Nachricht',
      body: 'Du hast eine neue Nachricht.',
      url: `/messages/${sender.id}`,
      tag: `message:${sender.id}`,
    });
    const inbox = await call<{ id: string }[]>(server.base, 'GET', '/api/messages', { token: recipient.token });
    expect(inbox.body.map((m) => m.id)).toEqual([sent.body.message.id]);
    expect(await server.stop()).toBe(0);
  }, 180_000);
});
