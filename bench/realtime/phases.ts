/**
 * The three measurements of bench/realtime against one running server process; the clients live
 * in ClientProcess children (one slice of the members each), the extra members of the fan-out
 * run connect from this process.
 */
import { SOCKET_PATH } from '@funkeln/contracts/realtime';
import { io, type Socket } from 'socket.io-client';
import { rssBytes } from './proc.js';
import type { ClientProcess } from './clients.js';
import type { Member, Send } from './protocol.js';

const CONNECT_CONCURRENCY = 100;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export interface Percentiles {
  count: number;
  p50: number;
  p99: number;
  max: number;
}

export function percentiles(values: ArrayLike<number>): Percentiles {
  const sorted = Array.from(values).sort((a, b) => a - b);
  const pct = (p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
  return { count: sorted.length, p50: pct(50), p99: pct(99), max: sorted.at(-1) ?? NaN };
}

/** Splits members into one contiguous slice per client process. */
export function slices<T>(items: T[], parts: number): T[][] {
  const size = Math.ceil(items.length / parts);
  return Array.from({ length: parts }, (_, i) => items.slice(i * size, (i + 1) * size)).filter((s) => s.length > 0);
}

/** Connects every slice in its own process; fails unless every socket connected. */
export async function connectAll(base: string, clients: ClientProcess[], members: Member[]): Promise<number> {
  const t0 = performance.now();
  const parts = slices(members, clients.length);
  const replies = await Promise.all(parts.map((part, i) => clients[i]!.request({ type: 'connect', base, members: part, concurrency: CONNECT_CONCURRENCY }, 'connected')));
  const failed = replies.reduce((n, r) => n + r.failed, 0);
  if (failed > 0) throw new Error(`${failed} of ${members.length} sockets failed to connect`);
  return performance.now() - t0;
}

export async function disconnectAll(clients: ClientProcess[]): Promise<void> {
  await Promise.all(clients.map((c) => c.request({ type: 'disconnect' }, 'disconnected')));
}

export interface PresenceRound {
  /** From just before the new member's connect until the last watched socket saw the new count. */
  fanoutMs: number;
  /** From the same start until the first watched socket saw it. */
  firstMs: number;
  seen: number;
  sockets: number;
}

/** Arms every client process for `online`, runs `cause`, and times the broadcast from `t0`. */
export async function timePresence(
  clients: ClientProcess[],
  online: number,
  busy: number,
  timeoutMs: number,
  cause: () => Promise<void>,
): Promise<PresenceRound> {
  const inUse = clients.slice(0, busy);
  for (const c of inUse) c.send({ type: 'watch-presence', online, timeoutMs });
  await Promise.all(inUse.map((c) => c.next('armed')));
  const t0 = process.hrtime.bigint();
  await cause();
  const replies = await Promise.all(inUse.map((c) => c.next('presence')));
  const ms = (t: bigint) => Number(t - t0) / 1e6;
  return {
    fanoutMs: Math.max(...replies.map((r) => ms(r.last))),
    firstMs: Math.min(...replies.map((r) => ms(r.first))),
    seen: replies.reduce((n, r) => n + r.seen, 0),
    sockets: replies.reduce((n, r) => n + r.sockets, 0),
  };
}

/** One more member's socket from this process (like a browser tab opening). */
export function connectMember(base: string, m: Member): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const socket = io(base, { path: SOCKET_PATH, transports: ['websocket'], auth: { token: m.token }, reconnection: false, forceNew: true });
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', reject);
  });
}

/** Samples the process's RSS once a second until three samples lie within 1 % (at least minMs, at most maxMs). */
export async function settledRss(pid: number, minMs: number, maxMs: number): Promise<number> {
  const samples: number[] = [];
  const start = Date.now();
  for (;;) {
    samples.push(rssBytes(pid));
    const last = samples.slice(-3);
    const stable = last.length === 3 && Math.max(...last) - Math.min(...last) <= 0.01 * Math.max(...last);
    if ((stable && Date.now() - start >= minMs) || Date.now() - start >= maxMs) return last.at(-1)!;
    await sleep(1000);
  }
}

/**
 * Each slice's members write in pairs (2i <-> 2i+1, taking turns) so that every member sends
 * about the same number of messages; the recipient's socket is in the sender's process.
 */
export function messagePlan(slice: Member[], messages: number): Send[] {
  const pairs = Math.floor(slice.length / 2);
  return Array.from({ length: messages }, (_, j) => {
    const p = j % pairs;
    const dir = Math.floor(j / pairs) % 2;
    const sender = slice[2 * p + dir]!;
    return { senderId: sender.id, senderToken: sender.token, recipientId: slice[2 * p + 1 - dir]!.id };
  });
}
