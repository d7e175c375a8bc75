/**
 * A client process for bench/realtime: holds many socket.io connections (WebSocket, path /ws,
 * auth { token }, like the web app) and answers the parent's commands (protocol.ts). Started with
 * child_process.fork and `--import tsx`, so its sockets, file descriptors and event loop are its own.
 */
import { randomUUID } from 'node:crypto';
import type { MessageEvent } from '@funkeln/contracts/messages';
import { SOCKET_PATH, type PresenceEvent } from '@funkeln/contracts/realtime';
import { io, type Socket } from 'socket.io-client';
import type { Command, Member, Reply, Send } from './protocol.js';

interface Client {
  socket: Socket;
  memberId: string;
  token: string;
}

const clients: Client[] = [];
/** Sent messages not yet seen on the recipient's socket: clientId -> performance.now() before the send. */
const pending = new Map<string, number>();
let latencies: number[] = [];
/** Set while a send phase with read receipts and typing runs: the recipient marks read on arrival. */
let reading: { base: string; statuses: Record<string, number>; requests: Promise<void>[] } | undefined;
let watch: { online: number; seen: Set<Client>; first: bigint; last: bigint; done: () => void } | undefined;

const reply = (r: Reply) => process.send?.(r);

function open(base: string, m: Member): Promise<Client | undefined> {
  return new Promise((resolve) => {
    const socket = io(base, { path: SOCKET_PATH, transports: ['websocket'], auth: { token: m.token }, reconnection: false, forceNew: true, timeout: 60_000 });
    const client: Client = { socket, memberId: m.id, token: m.token };
    socket.on('presence', (e: PresenceEvent) => {
      if (!watch || e.online !== watch.online || watch.seen.has(client)) return;
      const now = process.hrtime.bigint();
      if (watch.seen.size === 0) watch.first = now;
      watch.seen.add(client);
      watch.last = now;
      if (watch.seen.size === clients.length) watch.done();
    });
    socket.on('message', ({ message }: MessageEvent) => {
      if (message.recipientId !== client.memberId) return;
      const t0 = pending.get(message.clientId);
      if (t0 === undefined) return;
      latencies.push(performance.now() - t0);
      pending.delete(message.clientId);
      if (reading && message.senderId) reading.requests.push(markRead(reading, client, message.senderId));
    });
    socket.once('connect', () => resolve(client));
    socket.once('connect_error', () => {
      socket.close();
      resolve(undefined);
    });
  });
}

async function connect(base: string, members: Member[], concurrency: number): Promise<Reply> {
  const t0 = performance.now();
  let next = 0;
  let failed = 0;
  await Promise.all(
    Array.from({ length: Math.min(concurrency, members.length) }, async () => {
      while (next < members.length) {
        const m = members[next++]!;
        const client = await open(base, m);
        if (client) clients.push(client);
        else failed += 1;
      }
    }),
  );
  return { type: 'connected', sockets: clients.length, failed, ms: performance.now() - t0 };
}

function watchPresence(online: number, timeoutMs: number): Promise<Reply> {
  return new Promise((resolve) => {
    const finish = () => {
      clearTimeout(timer);
      const w = watch!;
      watch = undefined;
      resolve({ type: 'presence', first: w.first, last: w.last, seen: w.seen.size, sockets: clients.length });
    };
    const timer = setTimeout(finish, timeoutMs);
    watch = { online, seen: new Set(), first: 0n, last: 0n, done: finish };
    reply({ type: 'armed' });
  });
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function markRead(r: NonNullable<typeof reading>, reader: Client, senderId: string): Promise<void> {
  const count = (key: string) => {
    r.statuses[key] = (r.statuses[key] ?? 0) + 1;
  };
  return fetch(`${r.base}/api/conversations/${senderId}/read`, { method: 'POST', headers: { authorization: `Bearer ${reader.token}` } }).then(
    async (res) => {
      await res.arrayBuffer();
      count(`read ${res.status}`);
    },
    () => count('read error'),
  );
}

async function send(base: string, plan: Send[], ratePerSec: number, signals: boolean): Promise<Reply> {
  latencies = [];
  pending.clear();
  const statuses: Record<string, number> = {};
  reading = signals ? { base, statuses, requests: [] } : undefined;
  const byId = new Map(clients.map((c) => [c.memberId, c]));
  const answered: number[] = [];
  const interval = 1000 / ratePerSec;
  const start = performance.now();
  const requests: Promise<void>[] = [];
  for (let i = 0; i < plan.length; i++) {
    const wait = start + i * interval - performance.now();
    if (wait > 1) await sleep(wait);
    const { senderId, senderToken, recipientId } = plan[i]!;
    if (signals) byId.get(senderId)?.socket.emit('typing', { to: recipientId });
    const clientId = randomUUID();
    const t0 = performance.now();
    pending.set(clientId, t0);
    requests.push(
      fetch(`${base}/api/messages/${recipientId}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${senderToken}`, 'content-type': 'application/json' },
        body: JSON.stringify({ body: `Hallo, Nachricht ${i}`, clientId }),
      }).then(
        async (res) => {
          await res.arrayBuffer();
          answered.push(performance.now() - t0);
          statuses[res.status] = (statuses[res.status] ?? 0) + 1;
          if (res.status !== 200) pending.delete(clientId);
        },
        () => {
          statuses.error = (statuses.error ?? 0) + 1;
          pending.delete(clientId);
        },
      ),
    );
  }
  await Promise.all(requests);
  for (let waited = 0; pending.size > 0 && waited < 10_000; waited += 50) await sleep(50);
  await Promise.all(reading?.requests ?? []);
  reading = undefined;
  return { type: 'sent', latencies: Float64Array.from(latencies), answered: Float64Array.from(answered), statuses, undelivered: pending.size };
}

async function disconnect(): Promise<Reply> {
  for (const c of clients.splice(0)) c.socket.close();
  return { type: 'disconnected' };
}

function handle(cmd: Command): Promise<Reply> {
  switch (cmd.type) {
    case 'connect':
      return connect(cmd.base, cmd.members, cmd.concurrency);
    case 'watch-presence':
      return watchPresence(cmd.online, cmd.timeoutMs);
    case 'send':
      return send(cmd.base, cmd.plan, cmd.ratePerSec, cmd.signals);
    case 'disconnect':
      return disconnect();
  }
}

process.on('message', (cmd: Command) => {
  handle(cmd).then(reply, (err: unknown) => reply({ type: 'error', message: String(err) }));
});
process.on('disconnect', () => process.exit(0));
