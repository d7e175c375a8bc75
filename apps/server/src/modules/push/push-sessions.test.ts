import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, register, type TestApp } from '../../../test/harness.js';
import { apiAs } from '../../../test/members.js';
import { sha256 } from '../../platform/crypto/crypto.js';
import { startPushService, type TestDevice } from '../../../test/push-service.js';

/** A device's subscription belongs to the session that made it: it ends with that session (docs/SECURITY.md). */
describe('Web Push subscriptions end with their session', () => {
  let t: TestApp;
  let service: Awaited<ReturnType<typeof startPushService>>;
  const api = () => apiAs(t.app);
  const password = 'Kiwi-Wolke-Geheim-42';

  beforeAll(async () => {
    service = await startPushService();
    t = await createTestApp({ PUSH_ALLOW_PRIVATE_ENDPOINTS: 'true' }, {}, { pushCa: service.ca });
  }, 60_000);

  afterAll(async () => {
    await t?.close();
    await service?.close();
  });

  /** A member signed in on `devices` sessions (the first from registering). */
  const memberOn = async (devices: number) => {
    const { email, token } = await register(t.app, undefined, password);
    const id = (await api()('GET', '/api/me', token)).json<{ id: string }>().id;
    const tokens = [token];
    while (tokens.length < devices) tokens.push(await login(email));
    return { id, email, tokens };
  };
  const login = async (email: string) => {
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ token: string }>().token;
  };
  const subscribe = async (token: string, device: TestDevice) => {
    const res = await api()('POST', '/api/push/subscriptions', token, { endpoint: device.endpoint, keys: device.keys });
    expect(res.statusCode, res.body).toBe(200);
  };
  const exported = async (token: string) =>
    (await api()('GET', '/api/me/export', token)).json<{ pushSubscriptions: { endpoint: string }[] }>().pushSubscriptions.map((s) => s.endpoint).sort();
  /** As the NotificationService does it; then every due push is sent. */
  const notifyAndSend = async (memberId: string) => {
    const n = { kind: 'match' as const, memberId };
    const prepared = await t.c.pushChannel.prepare(n);
    if (prepared) await t.c.pushChannel.notify(t.c.db, n, prepared);
    await t.c.pushSender.drain();
  };
  const received = (device: TestDevice) => service.received.filter((p) => p.deviceId === device.id).length;

  it("logout ends that session's subscription only: the export no longer lists it and no push reaches it", async () => {
    const m = await memberOn(2);
    const [phone, laptop] = [service.device(), service.device()];
    await subscribe(m.tokens[0]!, phone);
    await subscribe(m.tokens[1]!, laptop);
    const pending = { kind: 'match' as const, memberId: m.id };
    const prepared = await t.c.pushChannel.prepare(pending);
    if (prepared) await t.c.pushChannel.notify(t.c.db, pending, prepared); // queued before the logout, not yet sent

    expect((await api()('POST', '/api/auth/logout', m.tokens[0]!)).statusCode).toBe(200);
    expect((await api()('GET', '/api/me', m.tokens[0]!)).statusCode).toBe(401);
    expect(await exported(m.tokens[1]!)).toEqual([laptop.endpoint]);
    await t.c.pushSender.drain();
    await notifyAndSend(m.id);
    expect(received(phone)).toBe(0);
    expect(received(laptop)).toBe(2);

    const again = await login(m.email);
    expect(await exported(again)).toEqual([laptop.endpoint]);
  });

  it("'überall abmelden' ends every subscription of the member", async () => {
    const m = await memberOn(2);
    const [phone, laptop] = [service.device(), service.device()];
    await subscribe(m.tokens[0]!, phone);
    await subscribe(m.tokens[1]!, laptop);
    expect((await api()('POST', '/api/me/logout-all', m.tokens[1]!)).statusCode).toBe(200);
    const again = await login(m.email);
    expect(await exported(again)).toEqual([]);
    await notifyAndSend(m.id);
    expect(received(phone) + received(laptop)).toBe(0);
  });

  it("a password change ends the other sessions' subscriptions and keeps this one's", async () => {
    const m = await memberOn(2);
    const [phone, laptop] = [service.device(), service.device()];
    await subscribe(m.tokens[0]!, phone);
    await subscribe(m.tokens[1]!, laptop);
    const changed = await api()('POST', '/api/me/password', m.tokens[0]!, { currentPassword: password, newPassword: 'Neues-Kiwi-Passwort-8' });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(await exported(m.tokens[0]!)).toEqual([phone.endpoint]);
    await notifyAndSend(m.id);
    expect([received(phone), received(laptop)]).toEqual([1, 0]);
  });

  it('a session past its idle expiry gets no more pushes, and the cleanup removes its subscription', async () => {
    const m = await memberOn(2);
    const [phone, laptop] = [service.device(), service.device()];
    await subscribe(m.tokens[0]!, phone);
    await subscribe(m.tokens[1]!, laptop);
    await t.c.db.query("UPDATE sessions SET last_seen_at = now() - interval '8 days' WHERE token_hash = $1", [sha256(m.tokens[0]!)]);
    await notifyAndSend(m.id);
    expect([received(phone), received(laptop)]).toEqual([0, 1]);

    await t.c.sessions.pruneEnded();
    const left = await t.c.db.query<{ endpoint: string }>('SELECT endpoint FROM push_subscriptions WHERE user_id = $1', [m.id]);
    expect(left).toEqual([{ endpoint: laptop.endpoint }]);
  });

  it('a subscribe racing the logout of its session, or "überall abmelden", leaves nothing behind (second red-team pass)', async () => {
    const m = await memberOn(1);
    for (let round = 0; round < 12; round++) {
      const token = await login(m.email);
      const other = await login(m.email);
      const subscribes = [service.device(), service.device()].map((d) => api()('POST', '/api/push/subscriptions', token, { endpoint: d.endpoint, keys: d.keys }));
      const end = round % 2 === 0 ? api()('POST', '/api/auth/logout', token) : api()('POST', '/api/me/logout-all', other);
      const answers = await Promise.all([...subscribes, end]);
      for (const res of answers.slice(0, 2)) expect([200, 401], res.body).toContain(res.statusCode);
    }
    const orphans = await t.c.db.query('SELECT p.id FROM push_subscriptions p JOIN sessions s ON s.id = p.session_id WHERE s.revoked_at IS NOT NULL');
    expect(orphans).toEqual([]);
  });

  it("a device moving to another member is bound to the new member's session", async () => {
    const [a, b] = [await memberOn(1), await memberOn(1)];
    const shared = service.device();
    await subscribe(a.tokens[0]!, shared);
    await subscribe(b.tokens[0]!, shared);
    expect((await api()('POST', '/api/auth/logout', a.tokens[0]!)).statusCode).toBe(200);
    expect(await exported(b.tokens[0]!)).toEqual([shared.endpoint]);
    await notifyAndSend(b.id);
    expect(received(shared)).toBe(1);
  });
});
