import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness.js';
import { apiAs, memberWithProfile, type ApiMember } from '../../../test/members.js';
import { startPushService, startSilentPort } from '../../../test/push-service.js';
import type { Resolve } from '../../platform/outbound/public-lookup.js';
import { PushSender } from './push-sender.js';
import { VapidKeys } from './vapid.js';

// Issue 54, finding 1: a push endpoint is a URL the member chooses and the server POSTs to.
// Without the test-only PUSH_ALLOW_PRIVATE_ENDPOINTS, nothing but public https on 443 is reached.
describe('Web Push endpoints never reach internal addresses', () => {
  let t: TestApp;
  let service: Awaited<ReturnType<typeof startPushService>>;
  let silent: Awaited<ReturnType<typeof startSilentPort>>;
  let mallory: ApiMember;
  let ben: ApiMember;
  const api = () => apiAs(t.app);

  beforeAll(async () => {
    service = await startPushService();
    silent = await startSilentPort();
    t = await createTestApp({}, {}, { pushCa: service.ca });
    mallory = await memberWithProfile(t.app, 'Mallory', 'female');
    ben = await memberWithProfile(t.app, 'Benedikt', 'male');
  }, 60_000);

  afterAll(async () => {
    await t?.close();
    await service?.close();
    await silent?.close();
  });

  const storedEndpoints = async (memberId: string) =>
    (await t.c.db.query<{ endpoint: string }>('SELECT endpoint FROM push_subscriptions WHERE user_id = $1', [memberId])).map((r) => r.endpoint);

  it('refuses loopback, private, link-local, numeric-host, credential and non-443 endpoints with a German 400', async () => {
    const { keys } = service.device();
    const port = silent.port;
    const refused = [
      `https://127.0.0.1:${port}/push/a`,
      `https://localhost:${port}/push/a`,
      'https://localhost./push/a',
      `https://2130706433:${port}/push/a`,
      `https://0x7f000001:${port}/push/a`,
      'https://0177.0.0.1/push/a',
      `https://[::1]:${port}/push/a`,
      'https://[::ffff:127.0.0.1]/push/a',
      'https://[64:ff9b::7f00:1]/push/a',
      'https://[2002:7f00:1::]/push/a',
      'https://0.0.0.0/push/a',
      'https://[::]/push/a',
      'https://169.254.169.254/latest/meta-data',
      'https://[fe80::1]/push/a',
      'https://[fd00::1]/push/a',
      'https://10.0.0.1/push/a',
      'https://172.16.5.4/push/a',
      'https://192.168.1.1/push/a',
      'https://100.64.0.1/push/a',
      'https://224.0.0.1/push/a',
      'https://255.255.255.255/push/a',
      'https://metadata/computeMetadata/v1',
      'https://user:pw@fcm.googleapis.com/fcm/send/a',
      'https://fcm.googleapis.com:8443/fcm/send/a',
    ];
    for (const endpoint of refused) {
      const res = await api()('POST', '/api/push/subscriptions', mallory.token, { endpoint, keys });
      expect(res.statusCode, endpoint).toBe(400);
      expect(res.json(), endpoint).toEqual({ error: 'push_endpoint_refused', message: expect.stringMatching(/Push-Adresse/) });
    }
    expect(await storedEndpoints(mallory.id)).toEqual([]);
    expect(silent.connections()).toBe(0);

    const ok = await api()('POST', '/api/push/subscriptions', mallory.token, { endpoint: 'https://fcm.googleapis.com/fcm/send/abc', keys });
    expect(ok.statusCode, ok.body).toBe(200);
    await api()('DELETE', '/api/push/subscriptions', mallory.token, { endpoint: 'https://fcm.googleapis.com/fcm/send/abc' });
  });

  it('does not connect at send time to an internal endpoint stored earlier, and forgets it', async () => {
    const { keys } = service.device();
    const port = silent.port;
    const stored = [`https://127.0.0.1:${port}/stored/a`, `https://localhost:${port}/stored/b`, `https://2130706433:${port}/stored/c`, `https://0x7f000001:${port}/stored/d`];
    for (const endpoint of stored) {
      await t.c.db.query('INSERT INTO push_subscriptions (user_id, session_id, endpoint, p256dh, auth) SELECT $1, id, $2, $3, $4 FROM sessions WHERE user_id = $1 LIMIT 1', [mallory.id, endpoint, keys.p256dh, keys.auth]);
    }
    const n = { kind: 'flirt', memberId: mallory.id, otherId: ben.id } as const;
    const prepared = await t.c.pushChannel.prepare(n);
    if (prepared) await t.c.pushChannel.notify(t.c.db, n, prepared);
    expect(await t.c.pushSender.drain()).toBe(0);
    expect(silent.connections()).toBe(0);
    // A URL that can never be sent to is forgotten like one the push service answers 410 for.
    expect(await storedEndpoints(mallory.id)).toEqual([]);
    expect(await t.c.db.query('SELECT id FROM push_outbox WHERE sent_at IS NULL AND failed_at IS NULL')).toEqual([]);
  });

  it('checks the resolved address when sending (DNS may have changed since the subscribe) and connects to nothing else', async () => {
    // A name that passed the subscribe check and now answers with loopback, or mixes a public address with a private one.
    const answers: Record<string, Awaited<ReturnType<Resolve>>> = {
      'push.rebind.example': [{ address: '127.0.0.1', family: 4 }],
      'push.mixed.example': [
        { address: '2a00:1450:4001:80b::200a', family: 6 },
        { address: '::ffff:169.254.169.254', family: 6 },
      ],
    };
    const asked: string[] = [];
    const resolve: Resolve = async (hostname) => {
      asked.push(hostname);
      return answers[hostname] ?? [];
    };
    const sender = new PushSender({ db: t.c.db, vapid: new VapidKeys(t.c.db, t.c.config.vapid), log: { warn: () => undefined, error: () => undefined }, metrics: t.c.metrics, endpoints: { allowPrivate: false }, resolve });
    const member = await memberWithProfile(t.app, 'Rebecca', 'female');
    const { keys } = service.device();
    for (const host of Object.keys(answers)) {
      const res = await api()('POST', '/api/push/subscriptions', member.token, { endpoint: `https://${host}/push/x`, keys });
      expect(res.statusCode, res.body).toBe(200);
    }
    const n = { kind: 'match', memberId: member.id } as const;
    const prepared = await t.c.pushChannel.prepare(n);
    if (prepared) await t.c.pushChannel.notify(t.c.db, n, prepared);
    expect(await sender.drain()).toBe(0);
    await sender.stop();
    expect(asked.sort()).toEqual(Object.keys(answers).sort());
    const rows = await t.c.db.query<{ last_error: string; retry: boolean }>(
      `SELECT o.last_error, o.next_attempt_at > now() AS retry FROM push_outbox o JOIN push_subscriptions s ON s.id = o.subscription_id
        WHERE s.user_id = $1 AND o.sent_at IS NULL`,
      [member.id],
    );
    expect(rows).toEqual(Object.keys(answers).map(() => ({ last_error: expect.stringMatching(/^refused: push\.\w+\.example resolves to an address that is not public$/), retry: true })));
  });
});
