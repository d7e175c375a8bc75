import { randomUUID } from 'node:crypto';
import { SOCKET_PATH } from '@funkeln/contracts/realtime';
import type { MessageEvent } from '@funkeln/contracts/messages';
import { io } from 'socket.io-client';
import { afterAll, describe, expect, it } from 'vitest';
import { call, remoteMember } from '../../../test/remote.js';
import { processStorage, startServerProcess } from '../../../test/server-process.js';

/**
 * A real server process is killed (SIGKILL) while a member keeps sending, then started again on
 * the same database and port. The client retries each message with its clientId until it is
 * acknowledged; the recipient's socket reconnects and fetches what it missed. Every message must
 * be stored once and reach the recipient once.
 */
const N = 12;
const KILL_AFTER = 5;
const cleanups: (() => Promise<unknown>)[] = [];
afterAll(async () => {
  for (const c of cleanups.reverse()) await c();
});

async function storage(): Promise<Record<string, string>> {
  const { env, drop } = await processStorage();
  cleanups.push(drop);
  return env;
}

/** Sends until acknowledged, like the web client: same clientId on every try. */
async function sendUntilStored(base: () => string, token: string, to: string, body: string, clientId: string): Promise<string> {
  for (let attempt = 0; attempt < 300; attempt++) {
    try {
      const res = await call<{ message: { id: string } }>(base(), 'POST', `/api/messages/${to}`, { token, body: { body, clientId } });
      if (res.status === 200) return res.body.message.id;
      if (res.status < 500) throw new Error(`refused: ${res.status} ${JSON.stringify(res.body)}`);
    } catch (err) {
      if (err instanceof Error && err.message.startsWith('refused')) throw err;
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('never stored');
}

describe('messages across a server crash', () => {
  it('stores and delivers every message exactly once', async () => {
    const env = await storage();
    let server = await startServerProcess(env);
    const port = new URL(server.base).port;
    cleanups.push(() => server.stop());
    const sender = await remoteMember(server.base, 'Senderin', 'female');
    const recipient = await remoteMember(server.base, 'Empfaengerin', 'female');

    // The recipient's client: socket events plus a catch-up fetch on every (re)connect.
    const received = new Map<string, number>();
    const note = (id: string) => received.set(id, (received.get(id) ?? 0) + 1);
    const seen = new Set<string>();
    const catchUps: Promise<unknown>[] = [];
    const socket = io(server.base, { path: SOCKET_PATH, transports: ['websocket'], auth: { token: recipient.token }, reconnectionDelay: 200, reconnectionDelayMax: 500 });
    socket.on('message', (e: MessageEvent) => note(e.message.id));
    socket.on('connect', () => {
      catchUps.push(
        call<{ id: string }[]>(server.base, 'GET', '/api/messages', { token: recipient.token }).then(
          ({ body }) => body.forEach((m) => seen.add(m.id)),
          () => undefined,
        ),
      );
    });
    cleanups.push(async () => socket.close());
    await new Promise<void>((resolve) => socket.once('connect', () => resolve()));

    const sent: string[] = [];
    let restarting: Promise<void> | undefined;
    for (let i = 1; i <= N; i++) {
      const sending = sendUntilStored(() => server.base, sender.token, recipient.id, `Nachricht ${i}`, randomUUID());
      if (i === KILL_AFTER + 1) {
        // Kill while this send is in flight, then start again on the same database and port.
        server.child.kill('SIGKILL');
        restarting = (async () => {
          await new Promise((r) => server.child.once('exit', r));
          server = await startServerProcess(env, port);
        })();
      }
      sent.push(await sending);
    }
    await restarting;

    const inbox = await call<{ id: string; body: string }[]>(server.base, 'GET', '/api/messages', { token: recipient.token });
    expect(inbox.body).toHaveLength(N);
    expect(new Set(inbox.body.map((m) => m.body)).size).toBe(N);
    expect(new Set(inbox.body.map((m) => m.id))).toEqual(new Set(sent));

    // Delivered once: no id twice over the socket, and socket plus catch-up cover every message.
    await new Promise<void>((resolve) => (socket.connected ? resolve() : socket.once('connect', () => resolve())));
    expect(catchUps.length).toBeGreaterThanOrEqual(2); // the first connect and the reconnect
    await Promise.all(catchUps);
    await new Promise((r) => setTimeout(r, 300)); // the last events in flight
    expect([...received.values()].every((n) => n === 1)).toBe(true);
    const delivered = new Set([...received.keys(), ...seen]);
    expect(delivered).toEqual(new Set(sent));
    expect(await server.stop()).toBe(0);
  }, 120_000);
});
