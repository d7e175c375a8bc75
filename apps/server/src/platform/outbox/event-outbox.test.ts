import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createNode, createTestApp, listen, type TestApp } from '../../../test/harness.js';
import { apiAs, memberWithProfile, type ApiMember } from '../../../test/members.js';
import { sample, scrape } from '../../../test/prometheus.js';
import { startPushService } from '../../../test/push-service.js';
import { connectClient } from '../../../test/sockets.js';
import { startSmtpServer, type TestSmtp } from '../../../test/smtp.js';
import { EventOutbox } from './event-outbox.js';

// The event outbox in one process (the crash itself: event-outbox.crash.test.ts): an event
// dispatched again writes no second mail or push and no second socket event; a failing consumer
// makes the event go again after the backoff and, after the last attempt, gives it up; of two
// processes, one takes a due event.
let t: TestApp;
let smtp: TestSmtp;
let pushService: Awaited<ReturnType<typeof startPushService>>;
let baseUrl: string;
const api = () => apiAs(t.app);

beforeAll(async () => {
  smtp = await startSmtpServer();
  pushService = await startPushService();
  t = await createTestApp({ SMTP_URL: smtp.url, PUSH_ALLOW_PRIVATE_ENDPOINTS: 'true' }, {}, { pushCa: pushService.ca });
  baseUrl = await listen(t.app);
}, 60_000);
afterAll(async () => {
  await t?.close();
  await smtp?.close();
  await pushService?.close();
});

/** A member with a confirmed address (notification mails go to confirmed addresses only). */
async function member(name: string): Promise<ApiMember & { email: string }> {
  const m = await memberWithProfile(t.app, name, 'female');
  const [row] = await t.c.db.query<{ email: string }>('UPDATE users SET email_verified = true WHERE id = $1 RETURNING email', [m.id]);
  return { ...m, email: row!.email };
}

/** Every event dispatched, every mail and push sent. */
async function settled(): Promise<void> {
  await t.c.notifications.idle();
  await Promise.all([t.c.mailSender.drain(), t.c.pushSender.drain()]);
}

const eventRow = async (id: number) =>
  (await t.c.db.query<{ attempts: number; sent: boolean; failed: boolean; last_error: string | null; later: boolean }>(
    `SELECT attempts, sent_at IS NOT NULL AS sent, failed_at IS NOT NULL AS failed, last_error, next_attempt_at > now() + interval '5 seconds' AS later
       FROM event_outbox WHERE id = $1`,
    [id],
  ))[0];
const lastEventId = async () => (await t.c.db.query<{ id: number }>('SELECT max(id) AS id FROM event_outbox'))[0]!.id;

describe('the event outbox', () => {
  it('writes the event with the message and marks it dispatched; dispatched again (its dispatcher died before the mark), it writes no second mail, push or socket event', async () => {
    const [ida, eva] = [await member('Ida'), await member('Eva')];
    const device = pushService.device();
    expect((await api()('POST', '/api/push/subscriptions', ida.token, { endpoint: device.endpoint, keys: device.keys })).statusCode).toBe(200);
    // The sender's open page hears the message over the socket.
    const socket = connectClient(baseUrl, eva.token);
    await socket.connected();
    const heard: string[] = [];
    socket.socket.on('message', (e: { message: { id: string } }) => heard.push(e.message.id));

    const sent = await api()('POST', `/api/messages/${ida.id}`, eva.token, { body: 'Hallo Ida!' });
    expect(sent.statusCode).toBe(200);
    const messageId = sent.json<{ message: { id: string } }>().message.id;
    const id = await lastEventId();
    expect((await t.c.db.query('SELECT name, payload FROM event_outbox WHERE id = $1', [id]))[0]).toEqual({
      name: 'message.created',
      payload: { messageId, senderId: eva.id, recipientId: ida.id },
    });
    await settled();
    expect(await eventRow(id)).toMatchObject({ attempts: 1, sent: true, failed: false });
    const mails = () => smtp.mailsTo(ida.email).filter((m) => m.subject === 'Du hast eine neue Nachricht');
    const pushes = () => pushService.received.filter((p) => p.deviceId === device.id);
    expect(mails()).toHaveLength(1);
    expect(pushes()).toHaveLength(1);

    // As if the process had died after the consumers wrote and before it marked the event: due again.
    await t.c.db.query('UPDATE event_outbox SET sent_at = NULL, locked_until = NULL WHERE id = $1', [id]);
    await settled();
    expect(await eventRow(id)).toMatchObject({ attempts: 2, sent: true });
    expect(mails()).toHaveLength(1);
    expect(pushes()).toHaveLength(1);
    await new Promise((r) => setTimeout(r, 200)); // a socket event in flight would arrive by now
    expect(heard).toEqual([messageId]);
    socket.socket.close();
  });

  it('a failing consumer makes the event go again after the backoff, to every consumer but the first-attempt ones; after the last attempt it is given up (dead letter)', async () => {
    const recipientId = randomUUID();
    const calls = { failing: 0, once: 0 };
    t.c.eventOutbox.on('flirt.created', async (payload) => {
      if (payload.recipientId !== recipientId) return;
      calls.failing++;
      throw new Error('Verbraucher nicht erreichbar');
    });
    t.c.eventOutbox.on(
      'flirt.created',
      async (payload) => {
        if (payload.recipientId === recipientId) calls.once++;
      },
      { firstAttemptOnly: true },
    );
    await t.c.eventOutbox.recordNow(t.c.db, 'flirt.created', { recipientId });
    await t.c.eventOutbox.idle();
    const id = await lastEventId();
    expect(await eventRow(id)).toEqual({ attempts: 1, sent: false, failed: false, last_error: 'Verbraucher nicht erreichbar', later: true });
    await t.c.eventOutbox.idle();
    expect(calls).toEqual({ failing: 1, once: 1 }); // not due yet: the backoff holds it

    await t.c.db.query('UPDATE event_outbox SET next_attempt_at = now() WHERE id = $1', [id]);
    await t.c.eventOutbox.idle();
    expect(calls).toEqual({ failing: 2, once: 1 });
    expect(await eventRow(id)).toMatchObject({ attempts: 2, sent: false, failed: false, later: true });

    // The last attempt (12) fails too: given up, counted, and never claimed again.
    await t.c.db.query('UPDATE event_outbox SET next_attempt_at = now(), attempts = 11 WHERE id = $1', [id]);
    await t.c.eventOutbox.idle();
    expect(await eventRow(id)).toMatchObject({ attempts: 12, sent: false, failed: true });
    await t.c.eventOutbox.idle();
    expect(calls).toEqual({ failing: 3, once: 1 });
    const metrics = await scrape(t.app);
    expect(sample(metrics, 'funkeln_outbox_dead_letters_total', { outbox: 'events' })).toBe(1);
    expect(sample(metrics, 'funkeln_outbox_failures_total', { outbox: 'events' })).toBe(3);
    expect(sample(metrics, 'funkeln_event_outbox_events', { state: 'failed' })).toBe(1);
  });

  it('of two processes draining at once, one takes each due event (its writer died: the lease ran out)', async () => {
    const other = await createNode({ db: t.c.db, url: t.c.config.databaseUrl });
    try {
      const recipients: string[] = Array.from({ length: 10 }, () => randomUUID());
      const heard = new Map<string, number>();
      for (const app of [t, other]) {
        app.c.eventOutbox.on('flirt.created', async ({ recipientId }) => {
          if (recipients.includes(recipientId)) heard.set(recipientId, (heard.get(recipientId) ?? 0) + 1);
        });
      }
      // Written by a process that died before dispatching them: claimed, the lease already run out.
      for (const recipientId of recipients) {
        await t.c.db.query(
          `INSERT INTO event_outbox (name, payload, attempts, locked_until) VALUES ('flirt.created', $1, 1, now() - interval '1 second')`,
          [JSON.stringify({ recipientId })],
        );
      }
      await Promise.all([t.c.eventOutbox.idle(), other.c.eventOutbox.idle()]);
      expect([...heard.keys()].sort()).toEqual([...recipients].sort());
      expect([...heard.values()].every((n) => n === 1)).toBe(true);
      const rows = await t.c.db.query<{ attempts: number; sent: boolean }>(
        `SELECT attempts, sent_at IS NOT NULL AS sent FROM event_outbox WHERE payload->>'recipientId' = ANY($1::text[])`,
        [recipients],
      );
      expect(rows).toEqual(recipients.map(() => ({ attempts: 2, sent: true })));
    } finally {
      await other.close();
    }
  });

  it('a dispatch that never ends holds up no poll: an event whose writer died is still taken', async () => {
    const outbox = new EventOutbox({ db: t.c.db, log: { warn: () => undefined, error: () => undefined }, metrics: t.c.metrics, intervalMs: 50 });
    const [stuck, left] = [randomUUID(), randomUUID()];
    let release = () => undefined as void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let heard = false;
    outbox.on('flirt.created', async ({ recipientId }) => {
      if (recipientId === stuck) await held;
      if (recipientId === left) heard = true;
    });
    outbox.start();
    try {
      await outbox.recordNow(t.c.db, 'flirt.created', { recipientId: stuck });
      await new Promise((r) => setTimeout(r, 200)); // polls come and go while that dispatch hangs
      await t.c.db.query(`INSERT INTO event_outbox (name, payload, attempts, locked_until) VALUES ('flirt.created', $1, 1, now() - interval '1 second')`, [
        JSON.stringify({ recipientId: left }),
      ]);
      await vi.waitFor(() => expect(heard).toBe(true), { timeout: 5000, interval: 50 });
    } finally {
      release();
      await outbox.stop();
    }
  });
});
