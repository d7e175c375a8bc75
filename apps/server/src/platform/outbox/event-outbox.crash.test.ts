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
 * Issue 55, section 3: a real server process commits a message to an offline member and stops at
 * the fault point right after the commit, before any consumer of its `message.created` event ran
 * (FAULT_POINT=event-dispatch, refused in production). It is killed there (SIGKILL) and started
 * again on the same database and port: the notification mail and the Web Push go out once each,
 * not zero times (the event was lost with the process before) and not twice.
 */
const cleanups: (() => Promise<unknown>)[] = [];
afterAll(async () => {
  for (const c of cleanups.reverse()) await c();
});

const NOTIFICATION_SUBJECT = 'Du hast eine neue Nachricht';

describe('domain events across a crash between commit and delivery', () => {
  it('kill -9 after the commit of a message: after the restart one mail and one push, not zero, not two', async () => {
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
    // Notification mails go to confirmed addresses only.
    await eventually(() => smtp.mailsTo(recipient.email).length > 0, { timeoutMs: 30_000 });
    const confirmed = await call(server.base, 'POST', '/api/auth/verify/confirm', { body: { token: linkToken(smtp.mailsTo(recipient.email)[0], '/verify') } });
    expect(confirmed.status).toBe(200);
    const device = pushService.device();
    const subscribed = await call(server.base, 'POST', '/api/push/subscriptions', { token: recipient.token, body: { endpoint: device.endpoint, keys: device.keys } });
    expect(subscribed.status).toBe(200);

    const notificationMails = () => smtp.mailsTo(recipient.email).filter((m) => m.subject === NOTIFICATION_SUBJECT);
    const pushes = () => pushService.received.filter((p) => p.deviceId === device.id);

    const sent = await call<{ message: { id: string } }>(server.base, 'POST', `/api/messages/${recipient.id}`, { token: sender.token, body: { body: 'Hallo!' } });
    expect(sent.status).toBe(200);
    // Committed; the process now waits at the fault point, before any consumer heard the event.
    await eventually(() => server.stdout.includes('fault point reached'), { timeoutMs: 30_000 });
    expect(notificationMails()).toHaveLength(0);
    expect(pushes()).toHaveLength(0);
    server.child.kill('SIGKILL');
    await new Promise((r) => (server.child.exitCode === null && server.child.signalCode === null ? server.child.once('exit', r) : r(undefined)));

    server = await startServerProcess(env, port);
    // The event's lease runs out (6 s), the restarted process claims and dispatches it, the senders deliver.
    await eventually(() => notificationMails().length > 0 && pushes().length > 0, { timeoutMs: 60_000, everyMs: 200 });
    // Everything settled: nothing pending in any outbox, nothing given up.
    await eventually(
      async () => {
        const text = await fetch(`${server.base}/metrics`).then((r) => r.text());
        const outboxes = ['funkeln_event_outbox_events', 'funkeln_mail_outbox_mails', 'funkeln_push_outbox_pushes'];
        return outboxes.every((name) => sample(text, name, { state: 'pending' }) === 0 && sample(text, name, { state: 'failed' }) === 0);
      },
      { timeoutMs: 30_000, everyMs: 200 },
    );
    expect(notificationMails()).toHaveLength(1);
    expect(notificationMails()[0]!.text).toContain('Senderin hat dir auf Funkeln geschrieben');
    expect(pushes().map((p) => p.payload)).toEqual([{ title: 'Neue Nachricht', body: 'Du hast eine neue Nachricht.', url: `/messages/${sender.id}`, tag: `message:${sender.id}` }]);
    const inbox = await call<{ id: string }[]>(server.base, 'GET', '/api/messages', { token: recipient.token });
    expect(inbox.body.map((m) => m.id)).toEqual([sent.body.message.id]);
    expect(await server.stop()).toBe(0);
  }, 180_000);
});
