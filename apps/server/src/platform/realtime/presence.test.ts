import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, listen, register, type TestApp } from '../../../test/harness.js';
import { connectClient } from '../../../test/sockets.js';

let t: TestApp;
let base: string;

beforeAll(async () => {
  t = await createTestApp();
  base = await listen(t.app);
});
afterAll(() => t.close());

describe('presence over /ws', () => {
  it('counts distinct signed-in members, pushes changes to everyone, and drops revoked sessions', async () => {
    const visitor = connectClient(base);
    await visitor.connected();
    await visitor.seesOnline(0);

    const anna = await register(t.app);
    const ben = await register(t.app);
    const annaPhone = connectClient(base, anna.token);
    const annaLaptop = connectClient(base, anna.token);
    await Promise.all([annaPhone.connected(), annaLaptop.connected()]);
    await visitor.seesOnline(1); // two sockets, one member
    await annaPhone.seesOnline(1);

    const benSocket = connectClient(base, ben.token);
    await benSocket.connected();
    await visitor.seesOnline(2);
    await annaLaptop.seesOnline(2);

    annaPhone.close();
    await new Promise((r) => setTimeout(r, 150));
    expect(visitor.online).toBe(2); // Anna is still online on her laptop

    // Logging out ends the session's sockets at once, so Anna goes offline.
    const disconnected = new Promise<void>((resolve) => annaLaptop.socket.once('disconnect', () => resolve()));
    await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: bearer(anna.token) });
    await disconnected;
    await visitor.seesOnline(1);

    benSocket.close();
    await visitor.seesOnline(0);
    visitor.close();
  });

  it('treats an invalid token as an anonymous visitor', async () => {
    const client = connectClient(base, 'not-a-valid-token-at-all-0000000000');
    await client.connected();
    await client.seesOnline(0);
    client.close();
  });

  it('refuses a handshake from a foreign origin', async () => {
    const client = connectClient(base, undefined, { origin: 'https://evil.example' });
    await expect(client.connected()).rejects.toThrow();
    client.close();
    const own = connectClient(base, undefined, { origin: 'http://funkeln.test' });
    await own.connected();
    own.close();
  });
});
