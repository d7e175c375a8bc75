/**
 * One simulated member's visit, as the web app makes it: open the app (me, unread count, first feed
 * page, socket), swipe 20-40 cards (70 % skip, 25 % like, 5 % flirt) paging on, open the inbox and
 * the conversation with their match (read it, mark it read, ask the composer, type and send 1-3
 * messages; a man's first message offers a prepaid reply), look at the Top10 and vote a few times,
 * one Digital Friend turn (streamed, as the web app asks), leave. Think times between the steps,
 * uniformly 0.5-1.5 times their mean, scaled by `thinkScale`.
 */
import { randomUUID } from 'node:crypto';
import { authEndpoints } from '@funkeln/contracts/routes/auth';
import { companionEndpoints } from '@funkeln/contracts/routes/companion';
import { feedEndpoints } from '@funkeln/contracts/routes/feed';
import { leaderboardEndpoints } from '@funkeln/contracts/routes/leaderboard';
import { messagesEndpoints } from '@funkeln/contracts/routes/messages';
import { swipesEndpoints } from '@funkeln/contracts/routes/swipes';
import { SOCKET_PATH } from '@funkeln/contracts/socket-options';
import { IDEMPOTENCY_HEADER } from '@funkeln/contracts/wallet';
import { io, type Socket } from 'socket.io-client';
import { call, json, templateOf, type MemberClient } from './http.js';
import type { SimMember } from './population.js';

/** The endpoint name socket connects are counted under (time until `connect`). */
const SOCKET_CONNECT = 'WS connect /ws';
export const FEED_QUERY = { radius: '', limit: '20' }; // the web app's default: no radius limit, pages of 20
export const CATEGORY = 'bikini';
/** What the member asks the Digital Friend. */
export const COMPANION_QUESTION = 'Hallo! Ich habe heute ein Date im Café. Hast du einen Tipp, worüber wir reden könnten?';

interface Card {
  id: string;
}

export interface Visit {
  client: MemberClient;
  member: SimMember;
  thinkScale: number;
}

const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));
const between = (min: number, max: number) => min + Math.floor(Math.random() * (max - min + 1));

export async function visit(v: Visit): Promise<void> {
  const { client, member } = v;
  const think = (meanMs: number) => sleep(meanMs * v.thinkScale * (0.5 + Math.random()));
  await call(client, authEndpoints.me);
  const [socket, firstPage] = await Promise.all([openSocket(client), call(client, feedEndpoints.feed, { query: FEED_QUERY }), call(client, messagesEndpoints.unread)]);
  try {
    await think(2000);
    await swipe(client, json<Card[]>(firstPage) ?? [], firstPage.headers.get('x-next-cursor'), between(20, 40), think);
    await think(3000);
    await converse(client, member, socket, think);
    await think(3000);
    await leaderboard(client, socket, think);
    await think(3000);
    await companion(client, think);
    await think(2000);
  } finally {
    socket?.close();
  }
}

/** Connects the member's socket as the web app does; undefined (and a failure counted) when it cannot. */
export function openSocket(client: MemberClient): Promise<Socket | undefined> {
  const stats = client.stats();
  const t0 = performance.now();
  return new Promise((resolve) => {
    const socket = io(client.base, {
      path: SOCKET_PATH,
      transports: ['websocket'],
      auth: { token: client.token },
      extraHeaders: { 'x-forwarded-for': client.ip },
      reconnection: false,
      forceNew: true,
      timeout: 30_000,
    });
    socket.once('connect', () => {
      stats.record(SOCKET_CONNECT, performance.now() - t0);
      resolve(socket);
    });
    socket.once('connect_error', (err) => {
      stats.fail(SOCKET_CONNECT, `connect_error: ${err.message}`);
      socket.close();
      resolve(undefined);
    });
  });
}

async function swipe(client: MemberClient, page: Card[], cursor: string | null, target: number, think: (ms: number) => Promise<void>): Promise<void> {
  let done = 0;
  let cards = page;
  let next = cursor;
  while (done < target) {
    for (const card of cards) {
      if (done >= target) return;
      await think(1500);
      const r = Math.random();
      const type = r < 0.7 ? 'skip' : r < 0.95 ? 'like' : 'flirt';
      await call(client, swipesEndpoints.swipe, { params: { id: card.id }, query: { type } });
      done += 1;
    }
    if (!next) return; // the feed has nobody more
    const more = await call(client, feedEndpoints.feed, { query: { ...FEED_QUERY, cursor: next } });
    cards = json<Card[]>(more) ?? [];
    next = more.headers.get('x-next-cursor');
    if (cards.length === 0) return;
  }
}

async function converse(client: MemberClient, member: SimMember, socket: Socket | undefined, think: (ms: number) => Promise<void>): Promise<void> {
  const params = { memberId: member.partnerId };
  await Promise.all([call(client, messagesEndpoints.inbox), call(client, messagesEndpoints.conversations)]);
  await think(2000);
  await call(client, messagesEndpoints.conversation, { params });
  await call(client, messagesEndpoints.markRead, { params });
  // While the conversation is open, what the match writes is read at once (as the web app does).
  const onMessage = ({ message }: { message: { senderId: string | null } }) => {
    if (message.senderId === member.partnerId) void call(client, messagesEndpoints.markRead, { params });
  };
  socket?.on('message', onMessage);
  try {
    const compose = json<{ prepaidReplyAvailable: boolean }>(await call(client, messagesEndpoints.compose, { params }));
    const count = between(1, 3);
    for (let i = 0; i < count; i++) {
      socket?.emit('typing', { to: member.partnerId });
      await think(5000);
      const prepaidReply = i === 0 && compose?.prepaidReplyAvailable ? 10 : 0;
      await call(client, messagesEndpoints.send, {
        params: { recipientId: member.partnerId },
        body: { body: `Hallo! Nachricht ${i + 1} von mir.`, prepaidReply, clientId: randomUUID() },
      });
    }
    await think(3000);
  } finally {
    socket?.off('message', onMessage);
  }
}

async function leaderboard(client: MemberClient, socket: Socket | undefined, think: (ms: number) => Promise<void>): Promise<void> {
  socket?.emit('leaderboard:watch', CATEGORY);
  await call(client, leaderboardEndpoints.leaderboard, { params: { category: CATEGORY } });
  const votes = between(1, 3);
  for (let i = 0; i < votes; i++) {
    await think(2000);
    const next = json<{ candidate: { photoId: string } | null }>(await call(client, leaderboardEndpoints.nextVote, { query: { category: CATEGORY } }));
    if (!next?.candidate) break;
    await think(1500);
    await call(client, leaderboardEndpoints.vote, { body: { photoId: next.candidate.photoId, category: CATEGORY } });
  }
  socket?.emit('leaderboard:unwatch', CATEGORY);
}

async function companion(client: MemberClient, think: (ms: number) => Promise<void>): Promise<void> {
  await call(client, companionEndpoints.conversations);
  const started = json<{ id: string }>(await call(client, companionEndpoints.start));
  if (!started) return;
  await think(5000);
  const answer = await call(client, companionEndpoints.messageStream, {
    params: { id: started.id },
    body: { content: COMPANION_QUESTION },
    headers: { [IDEMPOTENCY_HEADER]: randomUUID() },
  });
  // A failure after the stream started is its last line (the status is already 200).
  const last = answer.ok ? answer.text.trim().split('\n').at(-1) : undefined;
  if (last && !last.includes('"type":"done"')) client.stats().fail(templateOf(companionEndpoints.messageStream), `stream: ${last.slice(0, 120)}`);
}
