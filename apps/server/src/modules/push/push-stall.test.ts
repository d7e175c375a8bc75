import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness.js';
import { apiAs, memberWithProfile, type ApiMember } from '../../../test/members.js';
import { startPushService, startSilentPort, type TestDevice } from '../../../test/push-service.js';
import type { MemberNotification } from '../notifications/notification.js';

// Issue 54, finding 2: endpoints that take a connection and never answer must not hold up
// anybody else's pushes (the sender once sent one at a time, 30 s per silent endpoint).
describe('one member cannot stall push for everyone', () => {
  let t: TestApp;
  let service: Awaited<ReturnType<typeof startPushService>>;
  let silent: Awaited<ReturnType<typeof startSilentPort>>;
  let mallory: ApiMember;
  let anna: ApiMember;
  const api = () => apiAs(t.app);

  beforeAll(async () => {
    service = await startPushService();
    silent = await startSilentPort();
    t = await createTestApp({ PUSH_ALLOW_PRIVATE_ENDPOINTS: 'true' }, {}, { pushCa: service.ca });
    mallory = await memberWithProfile(t.app, 'Mallory', 'female');
    anna = await memberWithProfile(t.app, 'Anna', 'female');
  }, 60_000);

  afterAll(async () => {
    await t?.c.pushSender.stop();
    await t?.close();
    await service?.close();
    await silent?.close();
  });

  const subscribe = async (member: ApiMember, endpoint: string, keys: TestDevice['keys']) => {
    const res = await api()('POST', '/api/push/subscriptions', member.token, { endpoint, keys });
    expect(res.statusCode, res.body).toBe(200);
  };
  const notify = async (n: MemberNotification) => {
    const prepared = await t.c.pushChannel.prepare(n);
    if (prepared) await t.c.pushChannel.notify(t.c.db, n, prepared);
  };

  it('keeps a member to 5 devices, also when they subscribe in parallel', async () => {
    const member = await memberWithProfile(t.app, 'Hanna', 'female');
    const devices = Array.from({ length: 8 }, () => service.device());
    const answers = await Promise.all(devices.map((d) => api()('POST', '/api/push/subscriptions', member.token, { endpoint: d.endpoint, keys: d.keys })));
    expect(answers.map((a) => a.statusCode)).toEqual(devices.map(() => 200));
    const [{ n }] = (await t.c.db.query<{ n: number }>('SELECT count(*)::int AS n FROM push_subscriptions WHERE user_id = $1', [member.id])) as [{ n: number }];
    expect(n).toBe(5);
  });

  it("another member's push arrives within seconds while silent endpoints hold their pushes", async () => {
    // Mallory's devices: three ports that accept and never answer, two that take the push and never reply.
    for (let i = 0; i < 3; i++) await subscribe(mallory, `https://127.0.0.1:${silent.port}/push/silent-${i}`, service.device().keys);
    for (let i = 0; i < 2; i++) {
      const device = service.device();
      service.markSilent(device);
      await subscribe(mallory, device.endpoint, device.keys);
    }
    for (let i = 0; i < 3; i++) await notify({ kind: 'flirt', memberId: mallory.id });
    // Some of them already failed once and are due again (a retry must not come before a fresh push either).
    await t.c.db.query(
      `UPDATE push_outbox SET attempts = 1 WHERE id IN (SELECT o.id FROM push_outbox o JOIN push_subscriptions s ON s.id = o.subscription_id
         WHERE s.user_id = $1 ORDER BY o.id LIMIT 5)`,
      [mallory.id],
    );
    t.c.pushSender.start();
    await vi.waitFor(() => expect(silent.connections()).toBeGreaterThan(0), { timeout: 10_000 });

    const device = service.device();
    await subscribe(anna, device.endpoint, device.keys);
    await notify({ kind: 'match', memberId: anna.id });
    t.c.pushSender.kick();
    // A generous deadline: with one push at a time this took minutes.
    await vi.waitFor(() => expect(service.received.filter((p) => p.deviceId === device.id)).toHaveLength(1), { timeout: 10_000, interval: 50 });
  }, 30_000);
});
