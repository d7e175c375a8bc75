import { randomBytes } from 'node:crypto';
import type { ChatMessage, ReadEvent, TypingEvent, UnreadEvent } from '@funkeln/contracts/messages';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clustered, startClusterNode } from '../../../test/cluster.js';
import { bearer, listen, type TestApp } from '../../../test/harness.js';
import { insertMembers, type SeedMember } from '../../../test/population.js';
import { connectClient } from '../../../test/sockets.js';
import { createTestDb } from '../../../test/test-db.js';

// Read receipts, typing and unread counts reach a member whose socket is on another process.
describe.runIf(clustered)('conversation signals across two processes (PostgreSQL + Redis)', () => {
  let one: TestApp;
  let two: TestApp;
  let urls: [string, string];
  let dropDb: () => Promise<void>;

  beforeAll(async () => {
    const shared = await createTestDb();
    dropDb = shared.drop;
    const prefix = `m${randomBytes(4).toString('hex')}:`;
    one = await startClusterNode(shared, prefix);
    two = await startClusterNode(shared, prefix);
    urls = [await listen(one.app), await listen(two.app)];
  }, 60_000);

  afterAll(async () => {
    await one?.close();
    await two?.close();
    await dropDb?.();
  });

  const call = (node: TestApp, method: 'GET' | 'POST', url: string, token: string, payload?: object) =>
    node.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });
  const next = <T>(client: ReturnType<typeof connectClient>, event: string) => new Promise<T>((resolve) => client.socket.once(event, resolve));

  it('delivers read, typing and unread events to sessions on the other process; typing is throttled across both', async () => {
    const seed: SeedMember = { birthDate: '1994-05-05', ageMin: 18, ageMax: 99, placeId: null, photo: 'none', gender: 'female', interestedIn: ['male'] };
    const [eva = '', ida = ''] = await insertMembers(one.c.db, [seed, seed]);
    const [evaToken = '', idaToken = ''] = await Promise.all([eva, ida].map((id) => one.c.sessions.create(one.c.db, id)));
    const evaSocket = connectClient(urls[0], evaToken);
    const idaSocket = connectClient(urls[1], idaToken);
    const idaOnOne = connectClient(urls[0], idaToken);
    await Promise.all([evaSocket.connected(), idaSocket.connected(), idaOnOne.connected()]);

    const unread = next<UnreadEvent>(idaSocket, 'unread');
    const sent = (await call(one, 'POST', `/api/messages/${ida}`, evaToken, { body: 'Hallo' })).json<{ message: ChatMessage }>().message;
    expect(await unread).toEqual({ count: 1 });

    const read = next<ReadEvent>(evaSocket, 'read');
    const cleared = next<UnreadEvent>(idaSocket, 'unread');
    expect((await call(two, 'POST', `/api/conversations/${eva}/read`, idaToken)).json()).toEqual({ marked: 1 });
    expect(await read).toEqual({ by: ida, upTo: sent.id, at: expect.any(String) });
    expect(await cleared).toEqual({ count: 0 });

    // Ida types on both processes at once: one signal in the window reaches Eva.
    expect(await two.c.readState.typingAllowed(ida, eva)).toBe(true);
    expect(await one.c.readState.typingAllowed(ida, eva)).toBe(false);
    const typing = next<TypingEvent>(idaSocket, 'typing');
    evaSocket.socket.emit('typing', { to: ida });
    expect(await typing).toEqual({ from: eva });
    for (const s of [evaSocket, idaSocket, idaOnOne]) s.close();
  });
});
