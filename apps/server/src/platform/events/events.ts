import { randomUUID } from 'node:crypto';
import { EventEmitter } from 'node:events';
import type { LeaderboardEvent } from '@funkeln/contracts/leaderboard';
import type { MatchItem, NewCounts } from '@funkeln/contracts/swipes';
import type { ChatMessage } from '@funkeln/contracts/messages';
import type { Redis } from 'ioredis';
import type { Tx } from '../../db/client.js';
import { duplicateForPubSub, keepAlive, quitAll, type Heartbeat } from '../redis/redis.js';

/** Events that stay in this process: services emit them, the realtime gateway (and jobs) listen. */
export interface LocalEvents {
  'mail.enqueued': Record<string, never>;
  /**
   * A new match: what each of the two members is told (the socket adapter reaches other processes).
   * Emitted by the realtime consumer of the durable event of that name (platform/outbox/event-outbox.ts).
   */
  'match.created': { deliveries: { memberId: string; match: MatchItem }[] };
  /**
   * A message was stored: the recipient's and the sender's open sessions hear of it (as 'match.created', from the durable event),
   * each in its own view (`forRecipient` may carry what the screening found, docs/SAFETY.md).
   */
  'message.created': { message: ChatMessage; forRecipient: ChatMessage };
  /** `readerId` read what `senderId` sent up to message `upTo` (only emitted when the reader sends read receipts). */
  'messages.read': { readerId: string; senderId: string; upTo: string; at: string };
  /** A member's unread message count changed. */
  'unread.changed': { memberId: string; count: number };
  /** A member's counts of new matches and flirts changed (a match or flirt came, she opened a list). */
  'new-counts.changed': { memberId: string; counts: NewCounts };
  /** Members online for a while without a socket (demo members dropping by): the gateway counts them in. */
  'presence.visiting': { memberIds: string[]; untilMs: number };
  /** These members' "last active" was written (committed): their feed rank (active day) may have changed. */
  'members.active': { memberIds: string[] };
  /** A member opened a socket in this process. */
  'member.connected': { memberId: string };
  /** The current Top10 of a category changed (the socket adapter reaches other processes' pages). */
  'leaderboard.changed': LeaderboardEvent;
  /** A member's photos were added, deleted or reordered (committed): their main photo may have changed. */
  'photos.changed': { memberId: string };
  /** An admin acted outside the admin module (a verification decision): the admin module writes it to the audit log. */
  'admin.acted': { admin: { id: string; email: string }; action: string; target: string; details: object };
  /**
   * This process hears the others again after its subscription to their events was lost: what they
   * published in between never arrived, so whatever was kept on the strength of those events
   * (cached sessions, settings, feed decks, open sockets of sessions revoked meanwhile) must be
   * checked again or dropped.
   */
  'cluster.resync': Record<string, never>;
}

/**
 * Events every server process must hear, because each keeps something in memory that they change:
 * cached sessions, feed decks, open sockets. Published over Redis when it is configured.
 */
export interface ClusterEvents {
  'session.revoked': { sessionIds: string[] };
  /** Something about these members changed (account, profile, photo, standing): drop what is cached about them. */
  'users.changed': { userIds: string[] };
  /** These members' feeds must be ranked again (someone liked them, an undo, an unblock). */
  'feed.stale': { userIds: string[] };
  /** [viewer, member] pairs that must leave the viewer's feed at once (a swipe, a block). */
  'feed.hidden': { pairs: [string, string][] };
  /** An admin saved settings: drop the cached copy. */
  'settings.changed': Record<string, never>;
  /** A process ended its read of a viewer's feed deck (DeckShare): the processes waiting for it take it. */
  'feed.shared': { viewerId: string; key: string };
  /** Scores or entries changed so that a running Top10 may have moved (a vote, an entry, a photo, the demo's activity): kept Top10s end. */
  'leaderboard.scored': Record<string, never>;
}

export type DomainEvents = LocalEvents & ClusterEvents;

/** Cluster events that say data changed: writers publish them with publishOnCommit. */
export type DataEvent = 'users.changed' | 'feed.stale' | 'feed.hidden' | 'settings.changed';

const CLUSTER_EVENTS: readonly (keyof ClusterEvents)[] = ['session.revoked', 'users.changed', 'feed.stale', 'feed.hidden', 'settings.changed', 'feed.shared', 'leaderboard.scored'];

function isClusterEvent(name: unknown): name is keyof ClusterEvents {
  return CLUSTER_EVENTS.includes(name as keyof ClusterEvents);
}

/**
 * How long swipes' `feed.hidden` pairs wait to go out to the other processes together, as one
 * message. Every swipe hides a pair, and a Redis message per swipe cost the processes ~0.3 ms of CPU
 * per swipe (a write, a wake-up and a parse in each; docs/decisions/0028-swipe-events-batched.md).
 * Members swipe seconds apart, so a batch fills with many members' swipes: at 10 ms it held about
 * one (0.8 messages per swipe with 240 members swiping on two workers), at 50 ms several at a few
 * hundred members. This process's listeners hear each pair at once; the others hear it at most this
 * much later, which only widens a window that publishing already has (a swiped member leaves the
 * other processes' decks when the message arrives; the web app never shows a card twice in a visit
 * anyway). A block is not held: it goes out at once (`publish`).
 */
const SWIPE_BATCH_MS = 50;
/** A batch this large goes out at once. */
const SWIPE_BATCH_MAX = 500;

export class EventBus {
  private readonly emitter = new EventEmitter();
  private readonly origin = randomUUID();
  private cluster: { pub: Redis; sub: Redis; channel: string; subscribed: boolean; stopHeartbeat: () => void } | undefined;
  /** Swipes' `feed.hidden` pairs held for the next message to the other processes (SWIPE_BATCH_MS). */
  private held: [string, string][] = [];
  private heldTimer: NodeJS.Timeout | undefined;

  constructor(private readonly onError: (err: unknown) => void = () => undefined) {
    // Every feed deck, session cache and socket gateway in the process listens.
    this.emitter.setMaxListeners(200);
  }

  /** In this process only. */
  emit<K extends keyof LocalEvents>(name: K, payload: LocalEvents[K]): void {
    this.emitter.emit(name, payload);
  }

  /**
   * The idiom for events about changed data (users.changed, feed.*): published as `publish` does,
   * once the transaction that changed the data has committed; not at all if it rolls back, and once
   * if it was retried. A cache that hears it can only reload what is committed.
   */
  publishOnCommit<K extends DataEvent>(tx: Pick<Tx, 'afterCommit'>, name: K, payload: ClusterEvents[K]): void {
    tx.afterCommit(() => this.publish(name, payload));
  }

  /** In this process at once, and in every other process through Redis when connected, in order (held swipes first). */
  publish<K extends keyof ClusterEvents>(name: K, payload: ClusterEvents[K]): void {
    this.emitter.emit(name, payload);
    if (!this.cluster) return;
    this.flushHeld();
    this.send(name, payload);
  }

  /**
   * A swipe: `feed.hidden` for [viewer, member], heard in this process at once and by the others
   * together with the other swipes of SWIPE_BATCH_MS (before any later event).
   */
  publishSwipe(viewerId: string, memberId: string): void {
    const pairs: [string, string][] = [[viewerId, memberId]];
    this.emitter.emit('feed.hidden', { pairs });
    if (this.cluster) this.hold(pairs);
  }

  private send<K extends keyof ClusterEvents>(name: K, payload: ClusterEvents[K]): void {
    const cluster = this.cluster;
    if (!cluster) return;
    cluster.pub.publish(cluster.channel, JSON.stringify({ o: this.origin, n: name, p: payload })).catch(this.onError);
  }

  private hold(pairs: [string, string][]): void {
    this.held.push(...pairs);
    if (this.held.length >= SWIPE_BATCH_MAX) this.flushHeld();
    else this.heldTimer ??= setTimeout(() => this.flushHeld(), SWIPE_BATCH_MS).unref();
  }

  private flushHeld(): void {
    clearTimeout(this.heldTimer);
    this.heldTimer = undefined;
    if (this.held.length === 0) return;
    const pairs = this.held;
    this.held = [];
    this.send('feed.hidden', { pairs });
  }

  on<K extends keyof DomainEvents>(name: K, listener: (payload: DomainEvents[K]) => void): () => void {
    this.emitter.on(name, listener);
    return () => this.emitter.off(name, listener);
  }

  /**
   * Whether this process hears what the others publish; until then, caches must not trust
   * themselves. False again from the moment the subscription's connection drops until it is
   * subscribed again, which then emits `cluster.resync`.
   */
  get clustered(): boolean {
    return this.cluster?.subscribed === true;
  }

  /**
   * Joins the processes sharing this Redis and prefix; `clustered` turns true once subscribed.
   * The subscription is kept alive (keepAlive; `heartbeat` for tests): a connection that stays
   * open but no longer delivers (a balancer or NAT dropping an idle connection without a word) is
   * closed when a PING goes unanswered, and then resyncs like any dropped one.
   */
  connect(redis: Redis, prefix: string, heartbeat?: Heartbeat): void {
    const channel = `${prefix}events`;
    const pub = duplicateForPubSub(redis, `${channel}:pub`);
    const sub = duplicateForPubSub(redis, `${channel}:sub`);
    const cluster = { pub, sub, channel, subscribed: false, stopHeartbeat: keepAlive(sub, heartbeat) };
    this.cluster = cluster;
    // A dropped connection misses what is published until it is back (ioredis reconnects and
    // subscribes again on its own): not clustered meanwhile, and a resync once subscribed again.
    let lost = false;
    sub.on('close', () => {
      if (cluster.subscribed) lost = true;
      cluster.subscribed = false;
    });
    const subscribe = () =>
      // Commands complete in order: once this SUBSCRIBE is answered, an automatic one is too.
      sub.subscribe(channel).then(() => {
        if (this.cluster !== cluster || cluster.subscribed) return;
        cluster.subscribed = true;
        if (!lost) return;
        lost = false;
        this.emitter.emit('cluster.resync', {});
      }, this.onError);
    // Each (re)connection subscribes until one SUBSCRIBE is answered (also where the first failed).
    sub.on('ready', () => {
      if (!cluster.subscribed) void subscribe();
    });
    sub.on('message', (_channel: string, raw: string) => {
      try {
        const msg = JSON.parse(raw) as { o?: unknown; n?: unknown; p?: unknown };
        if (msg.o !== this.origin && isClusterEvent(msg.n)) this.emitter.emit(msg.n, msg.p);
      } catch {
        // not one of ours
      }
    });
    void subscribe();
  }

  async close(): Promise<void> {
    this.flushHeld();
    const c = this.cluster;
    this.cluster = undefined;
    if (!c) return;
    c.stopHeartbeat();
    await quitAll([c.pub, c.sub]);
  }
}
