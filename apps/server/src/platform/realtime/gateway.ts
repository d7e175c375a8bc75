import type { Server as HttpServer, IncomingMessage, ServerResponse } from 'node:http';
import type { TLSSocket } from 'node:tls';
import { createAdapter } from '@socket.io/redis-adapter';
import { typingRequest } from '@funkeln/contracts/messages';
import { photoCategories } from '@funkeln/contracts/leaderboard';
import { SOCKET_PATH, type ClientToServerEvents, type ServerToClientEvents } from '@funkeln/contracts/realtime';
import type { Redis } from 'ioredis';
import { Server } from 'socket.io';
import type { EventBus } from '../events/events.js';
import type { Metrics } from '../metrics/metrics.js';
import { duplicateForPubSub, keepAlive, quitAll } from '../redis/redis.js';
import type { SecurityHeaders } from '../http/security.js';
import { createMemoryPresenceStore, createRedisPresenceStore, type PresenceStore } from './presence-store.js';
import { PresenceTracker } from './presence-tracker.js';

interface InterServerEvents {
  'presence:changed': () => void;
}
interface SocketData {
  memberId?: string;
  sessionId?: string;
}

export interface GatewayDeps {
  events: EventBus;
  /** Resolves a bearer token to its session; undefined for anonymous or invalid tokens. */
  authenticate(token: string): Promise<{ memberId: string; sessionId: string } | undefined>;
  allowedOrigins: string[];
  /** The HTTP API's security headers, sent on the socket.io transport's answers too. */
  securityHeaders: SecurityHeaders;
  redis?: Redis;
  redisPrefix: string;
  log: { error(obj: object, msg: string): void };
  presenceIntervalMs?: number;
  metrics: Pick<Metrics, 'socketsOpen' | 'socketConnections' | 'readOnlineFrom'>;
  /** Refuse long-polling: behind a non-sticky balancer its requests would reach processes that do not know the session. */
  websocketOnly?: boolean;
  /** Whether a typing signal from one member to another is forwarded (may write to them, not throttled). */
  typingAllowed(from: string, to: string): Promise<boolean>;
  /** Which of these sessions are still live (not revoked, not expired, member not suspended). */
  liveSessions(sessionIds: string[]): Promise<Set<string>>;
}

/** The only module that knows socket.io: turns domain events into socket events. */
export class RealtimeGateway {
  readonly io: Server<ClientToServerEvents, ServerToClientEvents, InterServerEvents, SocketData>;
  readonly presence: PresenceTracker;
  private readonly subscriptions: (() => void)[] = [];
  private readonly adapterClients: Redis[] = [];
  private stopHeartbeat: (() => void) | undefined;
  private readonly stopReadingOnline: () => void;
  private readonly store: PresenceStore;

  constructor(server: HttpServer, private readonly deps: GatewayDeps) {
    const origins = new Set(deps.allowedOrigins);
    this.io = new Server(server, {
      path: SOCKET_PATH,
      transports: deps.websocketOnly ? ['websocket'] : ['polling', 'websocket'],
      serveClient: false,
      // Dead connections (a phone losing signal) leave the presence count within about 20 s.
      pingInterval: 10_000,
      pingTimeout: 10_000,
      // Browsers always send Origin cross-site; a foreign one is refused (cross-site WebSocket hijacking).
      allowRequest: (req, done) => done(null, !req.headers.origin || origins.has(req.headers.origin)),
    });
    // engine.io answers /ws itself (Fastify's hooks never see it): polling, the upgrade and their errors.
    this.io.engine.use((req: IncomingMessage, res: ServerResponse, next: () => void) => {
      for (const [name, value] of Object.entries(deps.securityHeaders((req.socket as TLSSocket).encrypted === true))) res.setHeader(name, value);
      next();
    });
    if (deps.redis) {
      const pub = duplicateForPubSub(deps.redis, `${deps.redisPrefix}socket.io:pub`);
      const sub = duplicateForPubSub(deps.redis, `${deps.redisPrefix}socket.io:sub`);
      this.adapterClients.push(pub, sub);
      // A silent subscriber would lose every delivery from the other processes without a word.
      this.stopHeartbeat = keepAlive(sub);
      this.io.adapter(createAdapter(pub, sub, { key: `${deps.redisPrefix}socket.io` }));
    }
    const store = deps.redis ? createRedisPresenceStore(deps.redis, deps.redisPrefix) : createMemoryPresenceStore();
    this.store = store;
    const onError = (err: unknown) => deps.log.error({ err }, 'presence update failed');
    this.presence = new PresenceTracker({
      store,
      publish: (online) => this.io.local.emit('presence', { online }),
      // Other processes only exist behind the Redis adapter; the in-memory one has no one to tell.
      announce: deps.redis ? () => this.io.serverSideEmit('presence:changed') : () => undefined,
      intervalMs: deps.presenceIntervalMs,
      onError,
    });
    this.io.on('presence:changed', () => this.presence.schedule());
    this.io.use((socket, next) => {
      const token: unknown = socket.handshake.auth?.token;
      if (typeof token !== 'string' || token === '') return next();
      deps
        .authenticate(token)
        .then((auth) => {
          socket.data.memberId = auth?.memberId;
          socket.data.sessionId = auth?.sessionId;
          next();
        })
        .catch(() => next(new Error('unavailable')));
    });
    this.stopReadingOnline = deps.metrics.readOnlineFrom(() => this.presence.current);
    this.io.on('connection', (socket) => {
      deps.metrics.socketConnections.inc();
      deps.metrics.socketsOpen.inc();
      socket.on('disconnect', () => deps.metrics.socketsOpen.dec());
      const { memberId, sessionId } = socket.data;
      socket.emit('presence', { online: this.presence.current });
      if (!memberId || !sessionId) return;
      void socket.join([`user:${memberId}`, `session:${sessionId}`]);
      void this.presence.connected(memberId);
      deps.events.emit('member.connected', { memberId });
      socket.on('disconnect', () => void this.presence.disconnected(memberId));
      // Only members follow a leaderboard (the page is for signed-in members).
      const room = (category: unknown) => (photoCategories.includes(category as never) ? `leaderboard:${String(category)}` : undefined);
      socket.on('leaderboard:watch', (category) => {
        const r = room(category);
        if (r) void socket.join(r);
      });
      socket.on('leaderboard:unwatch', (category) => {
        const r = room(category);
        if (r) void socket.leave(r);
      });
      socket.on('typing', (payload: unknown) => {
        const parsed = typingRequest.safeParse(payload);
        if (!parsed.success) return;
        const { to } = parsed.data;
        deps.typingAllowed(memberId, to).then(
          (allowed) => {
            if (allowed) this.io.to(`user:${to}`).emit('typing', { from: memberId });
          },
          (err: unknown) => deps.log.error({ err }, 'typing signal failed'),
        );
      });
    });
    this.subscriptions.push(
      deps.events.on('match.created', ({ deliveries }) => {
        for (const d of deliveries) this.io.to(`user:${d.memberId}`).emit('match', { match: d.match });
      }),
      deps.events.on('message.created', ({ message, forRecipient }) => {
        if (message.senderId !== null) this.io.to(`user:${message.senderId}`).emit('message', { message });
        if (forRecipient.recipientId !== null) this.io.to(`user:${forRecipient.recipientId}`).emit('message', { message: forRecipient });
      }),
      deps.events.on('messages.read', ({ readerId, senderId, upTo, at }) => {
        this.io.to(`user:${senderId}`).emit('read', { by: readerId, upTo, at });
      }),
      deps.events.on('unread.changed', ({ memberId, count }) => {
        this.io.to(`user:${memberId}`).emit('unread', { count });
      }),
      deps.events.on('new-counts.changed', ({ memberId, counts }) => {
        this.io.to(`user:${memberId}`).emit('new-counts', counts);
      }),
      deps.events.on('leaderboard.changed', (event) => {
        this.io.to(`leaderboard:${event.category}`).emit('leaderboard', event);
      }),
      deps.events.on('presence.visiting', ({ memberIds, untilMs }) => void this.presence.visited(memberIds, untilMs)),
      deps.events.on('session.revoked', ({ sessionIds }) => {
        for (const id of sessionIds) this.io.in(`session:${id}`).disconnectSockets(true);
      }),
      // Revocations may have been published while this process could not hear them: its sockets' sessions are checked again.
      deps.events.on('cluster.resync', () => {
        this.dropRevokedSockets(deps.liveSessions).catch((err: unknown) => deps.log.error({ err }, 'sockets not checked after missed cluster events'));
      }),
    );
    void this.presence.refresh().catch(onError);
  }

  /** Disconnects this process's sockets whose session is no longer live. */
  private async dropRevokedSockets(liveSessions: GatewayDeps['liveSessions']): Promise<void> {
    const sockets = await this.io.local.fetchSockets();
    const ids = [...new Set(sockets.flatMap((s) => s.data.sessionId ?? []))];
    if (ids.length === 0) return;
    const live = await liveSessions(ids);
    for (const socket of sockets) if (socket.data.sessionId && !live.has(socket.data.sessionId)) socket.disconnect(true);
  }

  /** Whether the member has a socket open in any process (the Redis store sees them all). */
  isOnline(memberId: string): Promise<boolean> {
    return this.store.isOnline(memberId);
  }

  async close(): Promise<void> {
    for (const unsubscribe of this.subscriptions) unsubscribe();
    this.stopReadingOnline();
    // Closing the transports (not a socket.io DISCONNECT) makes clients reconnect on their own,
    // to another process behind the load balancer: a rolling restart keeps everyone connected.
    // The HTTP server belongs to Fastify, which closes it; only the engine and adapter close here.
    this.io.engine.close();
    await this.presence.close();
    this.stopHeartbeat?.();
    await quitAll(this.adapterClients);
  }
}
