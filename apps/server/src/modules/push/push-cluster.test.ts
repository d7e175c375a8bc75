import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clustered, useClusterPair } from '../../../test/cluster.js';
import { apiAs, memberWithProfile } from '../../../test/members.js';
import { startPushService } from '../../../test/push-service.js';

// Two server processes share one VAPID key and one push outbox; each push leaves once.
describe.runIf(clustered)('Web Push across two processes (PostgreSQL + Redis)', () => {
  let service: Awaited<ReturnType<typeof startPushService>>;
  beforeAll(async () => {
    service = await startPushService();
  });
  afterAll(() => service?.close());
  // As startClusterNode builds them, with the local push service (loopback, its certificate) allowed.
  const cluster = useClusterPair(() => ({ env: { PUSH_ALLOW_PRIVATE_ENDPOINTS: 'true' }, overrides: { pushCa: service.ca } }));

  it('both nodes serve the one key created first; a message on one node reaches each device of the offline member exactly once while both drain', async () => {
    const { one, two } = cluster;
    const anna = await memberWithProfile(one.app, 'Anna', 'female');
    const ben = await memberWithProfile(one.app, 'Benedikt', 'male');
    const [keyOne, keyTwo] = await Promise.all([one, two].map((n) => apiAs(n.app)('GET', '/api/push/key', anna.token)));
    expect(keyOne?.json()).toEqual(keyTwo?.json());

    const devices = [service.device(), service.device(), service.device()];
    for (const d of devices) {
      expect((await apiAs(two.app)('POST', '/api/push/subscriptions', ben.token, { endpoint: d.endpoint, keys: d.keys })).statusCode).toBe(200);
    }
    expect((await apiAs(one.app)('POST', `/api/messages/${ben.id}`, anna.token, { body: 'Hallo Ben' })).statusCode).toBe(200);
    await one.c.notifications.idle();
    await Promise.all([one, two, one, two].map((n) => n.c.pushSender.drain()));
    expect(service.received.map((p) => p.deviceId).sort()).toEqual(devices.map((d) => d.id).sort());
    expect(service.received.every((p) => p.vapidKey === keyOne?.json<{ publicKey: string }>().publicKey)).toBe(true);
    expect(service.received.map((p) => p.payload)).toEqual(devices.map(() => expect.objectContaining({ title: 'Neue Nachricht', url: `/messages/${anna.id}` })));
  });
});
