import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness.js';
import { apiAs, memberWithProfile, type ApiMember } from '../../../test/members.js';
import { startPushService, type TestDevice } from '../../../test/push-service.js';
import type { MemberNotification } from '../notifications/notification.js';

describe('Web Push', () => {
  let t: TestApp;
  let service: Awaited<ReturnType<typeof startPushService>>;
  let anna: ApiMember;
  let ben: ApiMember;
  const api = () => apiAs(t.app);

  beforeAll(async () => {
    service = await startPushService();
    t = await createTestApp({ PUSH_ALLOW_PRIVATE_ENDPOINTS: 'true' }, {}, { pushCa: service.ca });
    anna = await memberWithProfile(t.app, 'Anna', 'female');
    ben = await memberWithProfile(t.app, 'Benedikt', 'male');
  }, 60_000);

  afterAll(async () => {
    await t?.close();
    await service?.close();
  });

  const subscribe = async (member: ApiMember, device: TestDevice) => {
    const res = await api()('POST', '/api/push/subscriptions', member.token, { endpoint: device.endpoint, keys: device.keys });
    expect(res.statusCode, res.body).toBe(200);
  };
  // As the NotificationService does it: what the channel reads first, then its one write.
  const notify = async (n: MemberNotification) => {
    const prepared = await t.c.pushChannel.prepare(n);
    if (prepared) await t.c.pushChannel.notify(t.c.db, n, prepared);
  };
  const payloadsFor = (device: TestDevice) => service.received.filter((p) => p.deviceId === device.id).map((p) => p.payload);
  const subscriptionsOf = async (endpoint: string) =>
    (await t.c.db.query<{ user_id: string }>('SELECT user_id FROM push_subscriptions WHERE endpoint = $1', [endpoint])).map((r) => r.user_id);

  it('creates the VAPID key pair once and keeps it in the database', async () => {
    const first = await api()('GET', '/api/push/key', anna.token);
    expect(first.statusCode).toBe(200);
    const { publicKey } = first.json<{ publicKey: string }>();
    expect(Buffer.from(publicKey, 'base64url')).toHaveLength(65);
    const rows = await t.c.db.query<{ name: string }>("SELECT name FROM app_secrets WHERE name = 'vapid-private-key'");
    expect(rows).toHaveLength(1);
    expect((await api()('GET', '/api/push/key', ben.token)).json()).toEqual({ publicKey });
    expect((await t.app.inject({ method: 'GET', url: '/api/push/key' })).statusCode).toBe(401);
  });

  it('delivers an aes128gcm push signed with VAPID to every device of the member, without message text or names', async () => {
    const [phone, laptop] = [service.device(), service.device()];
    await subscribe(anna, phone);
    await subscribe(anna, laptop);
    await notify({ kind: 'message', memberId: anna.id, otherId: ben.id });
    expect(await t.c.pushSender.drain()).toBe(2);
    const { publicKey } = (await api()('GET', '/api/push/key', anna.token)).json<{ publicKey: string }>();
    const expected = { title: 'Neue Nachricht', body: 'Du hast eine neue Nachricht.', url: `/messages/${ben.id}`, tag: `message:${ben.id}` };
    expect(payloadsFor(phone)).toEqual([expected]);
    expect(payloadsFor(laptop)).toEqual([expected]);
    expect(service.received.every((p) => p.vapidKey === publicKey && p.ttl > 0)).toBe(true);
    expect(JSON.stringify(service.received)).not.toContain('Benedikt');
    expect(service.rejected).toEqual([]);
  });

  it('a real message to an offline member arrives as a push without its text', async () => {
    const device = service.device();
    await subscribe(ben, device);
    const sent = await api()('POST', `/api/messages/${ben.id}`, anna.token, { body: 'Geheimer Treffpunkt am Hafen' });
    expect(sent.statusCode, sent.body).toBe(200);
    await t.c.notifications.idle();
    await t.c.pushSender.drain();
    expect(payloadsFor(device)).toEqual([{ title: 'Neue Nachricht', body: 'Du hast eine neue Nachricht.', url: `/messages/${anna.id}`, tag: `message:${anna.id}` }]);
    expect(JSON.stringify(service.received)).not.toMatch(/Hafen|Anna/);
    await api()('DELETE', '/api/push/subscriptions', ben.token, { endpoint: device.endpoint });
  });

  it('skips the transaction for a member without a device, and reaches one who subscribes afterwards', async () => {
    const carlo = await memberWithProfile(t.app, 'Carlo', 'male');
    const n: MemberNotification = { kind: 'message', memberId: carlo.id, otherId: anna.id };
    expect(await t.c.pushChannel.prepare(n)).toBeUndefined();
    const before = await t.c.db.query('SELECT count(*)::int AS n FROM push_outbox');
    const sent = await api()('POST', `/api/messages/${carlo.id}`, anna.token, { body: 'Hallo Carlo' });
    expect(sent.statusCode, sent.body).toBe(200);
    await t.c.notifications.idle();
    expect(await t.c.db.query('SELECT count(*)::int AS n FROM push_outbox')).toEqual(before);
    const device = service.device();
    await subscribe(carlo, device);
    expect(await t.c.pushChannel.prepare(n)).toEqual({ otherName: null }); // previews are off until the member turns them on
    expect((await api()('POST', `/api/messages/${carlo.id}`, anna.token, { body: 'Noch einmal' })).statusCode).toBe(200);
    await t.c.notifications.idle();
    await t.c.pushSender.drain();
    expect(payloadsFor(device)).toEqual([{ title: 'Neue Nachricht', body: 'Du hast eine neue Nachricht.', url: `/messages/${anna.id}`, tag: `message:${anna.id}` }]);
  });

  it('names the other member only with previews on, and never the sender of a flirt', async () => {
    const device = service.device();
    await subscribe(ben, device);
    expect((await api()('PUT', '/api/me/settings', ben.token, { pushPreviews: true })).statusCode).toBe(200);
    await notify({ kind: 'match', memberId: ben.id, otherId: anna.id });
    await notify({ kind: 'flirt', memberId: ben.id, otherId: anna.id });
    await t.c.pushSender.drain();
    expect(payloadsFor(device)).toEqual([
      expect.objectContaining({ title: 'Neues Match', body: 'Du und Anna habt ein Match. Schreib als Erstes!', url: '/matches' }),
      { title: 'Neuer Flirt', body: 'Jemand hat dir einen Flirt geschickt.', url: '/flirts', tag: 'flirt' },
    ]);
    await api()('PUT', '/api/me/settings', ben.token, { pushPreviews: false });
  });

  it('removes a subscription the push service answers 410 for, with its pending pushes', async () => {
    const member = await memberWithProfile(t.app, 'Clara', 'female');
    const device = service.device();
    await subscribe(member, device);
    service.markGone(device);
    await notify({ kind: 'match', memberId: member.id, otherId: ben.id });
    await notify({ kind: 'match', memberId: member.id, otherId: anna.id });
    expect(await t.c.pushSender.drain()).toBe(0);
    expect(await subscriptionsOf(device.endpoint)).toEqual([]);
    expect(await t.c.db.query('SELECT id FROM push_outbox WHERE sent_at IS NULL')).toEqual([]);
  });

  it('retries after a 500 with backoff and gives up after the last attempt', async () => {
    const member = await memberWithProfile(t.app, 'Dora', 'female');
    const device = service.device();
    await subscribe(member, device);
    service.failNext(device, 1);
    await notify({ kind: 'match', memberId: member.id });
    expect(await t.c.pushSender.drain()).toBe(0);
    const [row] = await t.c.db.query<{ id: number; attempts: number; due_later: boolean }>(
      `SELECT o.id::int AS id, o.attempts, o.next_attempt_at > now() AS due_later FROM push_outbox o
         JOIN push_subscriptions s ON s.id = o.subscription_id WHERE s.endpoint = $1 AND o.sent_at IS NULL AND o.failed_at IS NULL`,
      [device.endpoint],
    );
    expect(row).toMatchObject({ attempts: 1, due_later: true });
    expect(await t.c.pushSender.drain()).toBe(0); // not due yet
    await t.c.db.query('UPDATE push_outbox SET next_attempt_at = now() WHERE id = $1', [row?.id]);
    expect(await t.c.pushSender.drain()).toBe(1);
    expect(payloadsFor(device)).toHaveLength(1);

    service.failNext(device, 1);
    await notify({ kind: 'match', memberId: member.id });
    await t.c.db.query('UPDATE push_outbox SET attempts = 11 WHERE sent_at IS NULL');
    expect(await t.c.pushSender.drain()).toBe(0);
    const given = await t.c.db.query<{ failed: boolean }>('SELECT failed_at IS NOT NULL AS failed FROM push_outbox WHERE attempts = 12');
    expect(given).toEqual([{ failed: true }]);
    expect(await subscriptionsOf(device.endpoint)).toEqual([member.id]);
  });

  it('keeps every member to their own devices: no foreign unsubscribe, a re-subscribed endpoint moves', async () => {
    const [annas, bens] = [service.device(), service.device()];
    await subscribe(anna, annas);
    await subscribe(ben, bens);
    const foreign = await api()('DELETE', '/api/push/subscriptions', anna.token, { endpoint: bens.endpoint });
    expect(foreign.statusCode).toBe(200);
    expect(await subscriptionsOf(bens.endpoint)).toEqual([ben.id]);

    await notify({ kind: 'match', memberId: anna.id, otherId: ben.id });
    await t.c.pushSender.drain();
    expect(payloadsFor(bens)).toEqual([]);
    expect(payloadsFor(annas)).toHaveLength(1);

    await subscribe(ben, annas); // the shared device now belongs to Ben
    expect(await subscriptionsOf(annas.endpoint)).toEqual([ben.id]);
    await notify({ kind: 'match', memberId: anna.id, otherId: ben.id });
    await t.c.pushSender.drain();
    expect(payloadsFor(annas)).toHaveLength(1);

    expect((await api()('DELETE', '/api/push/subscriptions', ben.token, { endpoint: bens.endpoint })).statusCode).toBe(200);
    expect(await subscriptionsOf(bens.endpoint)).toEqual([]);
  });

  it('forgets every device and pending push of a member who deletes the account', async () => {
    const member = await memberWithProfile(t.app, 'Frieda', 'female');
    const device = service.device();
    await subscribe(member, device);
    await notify({ kind: 'match', memberId: member.id, otherId: ben.id });
    expect((await api()('DELETE', '/api/me', member.token, { password: 'Kiwi-Wolke-Geheim-42' })).statusCode).toBe(200);
    expect(await subscriptionsOf(device.endpoint)).toEqual([]);
    expect(await t.c.pushSender.drain()).toBe(0);
    expect(payloadsFor(device)).toEqual([]);
  });

  it('prunes delivered pushes after a day and given-up ones after 7 days, nothing pending', async () => {
    await t.c.db.query("UPDATE push_outbox SET sent_at = now() - interval '25 hours' WHERE sent_at IS NOT NULL");
    await t.c.db.query("UPDATE push_outbox SET failed_at = now() - interval '6 days' WHERE failed_at IS NOT NULL");
    const before = await t.c.db.query<{ sent: boolean }>('SELECT sent_at IS NOT NULL AS sent FROM push_outbox');
    expect(await t.c.pushSender.prune()).toBe(before.filter((r) => r.sent).length);
    expect(await t.c.db.query('SELECT id FROM push_outbox WHERE sent_at IS NOT NULL')).toEqual([]);
    expect((await t.c.db.query('SELECT id FROM push_outbox WHERE failed_at IS NOT NULL')).length).toBeGreaterThan(0);
  });

  it('keeps a member to their 5 newest devices', async () => {
    const member = await memberWithProfile(t.app, 'Hanna', 'female');
    const devices = Array.from({ length: 6 }, () => service.device());
    for (const d of devices) await subscribe(member, d);
    const kept = await t.c.db.query<{ endpoint: string }>('SELECT endpoint FROM push_subscriptions WHERE user_id = $1', [member.id]);
    expect(kept.map((r) => r.endpoint).sort()).toEqual(devices.slice(1).map((d) => d.endpoint).sort());
  });

  it('limits subscription changes to 30 an hour per member', async () => {
    const member = await memberWithProfile(t.app, 'Greta', 'female');
    const device = service.device();
    for (let i = 0; i < 30; i++) {
      const body = i % 2 === 0 ? { endpoint: device.endpoint, keys: device.keys } : { endpoint: device.endpoint };
      expect((await api()(i % 2 === 0 ? 'POST' : 'DELETE', '/api/push/subscriptions', member.token, body)).statusCode).toBe(200);
    }
    const limited = await api()('POST', '/api/push/subscriptions', member.token, { endpoint: device.endpoint, keys: device.keys });
    expect(limited.statusCode).toBe(429);
    expect(limited.json<{ message: string }>().message).toBe('Du hast Push-Benachrichtigungen sehr oft umgestellt. Bitte warte etwas.');
    expect(await subscriptionsOf(device.endpoint)).toEqual([]);
  });

  it('refuses bad subscriptions with a German 400 and stores nothing', async () => {
    const device = service.device();
    const bad = [
      { endpoint: 'javascript:alert(1)', keys: device.keys },
      { endpoint: device.endpoint.replace('https:', 'http:'), keys: device.keys },
      { endpoint: device.endpoint, keys: { ...device.keys, p256dh: 'A'.repeat(87) } },
      { endpoint: device.endpoint, keys: { ...device.keys, auth: 'kurz' } },
      { endpoint: `${device.endpoint}?${'x'.repeat(1100)}`, keys: device.keys },
    ];
    for (const body of bad) {
      const res = await api()('POST', '/api/push/subscriptions', anna.token, body);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json<{ message: string }>().message).toMatch(/Push-Adresse|Schlüssel/);
    }
    expect(await subscriptionsOf(device.endpoint)).toEqual([]);
  });

  it('refuses control characters, spaces and non-ASCII in an endpoint with a German 400, never a 500', async () => {
    const member = await memberWithProfile(t.app, 'Ida', 'female'); // 22 requests: within the 30 an hour
    const device = service.device();
    const endpoints = [
      'https://rt-a.example/x\u0000',
      'https://rt-a.example/x?\u0000',
      'https://rt-a.example/x#\u0000',
      'https://fcm.googleapis.com/x\u0000@127.0.0.1',
      'https://rt-a.example/x\u0001',
      'https://rt-a.example/x\u007f',
      'https://rt-a.example/x\u0085',
      'https://rt-a.example/x\ud800',
      'https://rt-a.example/x y',
      'https://rt-a.example/\u00fc',
      `${device.endpoint}\u0000`,
    ];
    for (const endpoint of endpoints) {
      for (const [method, body] of [['POST', { endpoint, keys: device.keys }], ['DELETE', { endpoint }]] as const) {
        const res = await api()(method, '/api/push/subscriptions', member.token, body);
        expect(res.statusCode, `${method} ${JSON.stringify(endpoint)}: ${res.body}`).toBe(400);
        expect(res.json<{ message: string }>().message).toMatch(/Push-Adresse/);
      }
    }
    expect(await subscriptionsOf(`${device.endpoint}\u0001`)).toEqual([]);
  });
});
