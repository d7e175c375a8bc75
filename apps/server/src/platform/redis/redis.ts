import { Redis } from 'ioredis';

/** Where a connection's trouble is told. */
export interface RedisLog {
  warn(obj: object, msg: string): void;
}

/** The log of each connection made here (createRedis); its duplicates tell the same log. */
const logs = new WeakMap<Redis, RedisLog>();

/**
 * The shared command connection. Auto-pipelining sends the commands of one event-loop turn in one
 * write: under load, many requests' rate-limit counts share a syscall. Pub/sub connections are
 * duplicated without it.
 */
export function createRedis(url: string, log: RedisLog): Redis {
  const redis = new Redis(url, { maxRetriesPerRequest: 2, enableOfflineQueue: true, lazyConnect: false, enableAutoPipelining: true, connectionName: 'commands' });
  return watched(redis, 'commands', log);
}

/** A connection of its own for pub/sub (or a socket adapter), from the shared one's settings; `name` shows in CLIENT LIST and the log. */
export function duplicateForPubSub(redis: Redis, name: string): Redis {
  const duplicate = redis.duplicate({ enableAutoPipelining: false, connectionName: name });
  const log = logs.get(redis);
  return log ? watched(duplicate, name, log) : duplicate;
}

/**
 * Tells the log once when a connection fails and once when it is ready again. ioredis emits an
 * error at every failed reconnection attempt (every 50 ms to 2 s while Redis is away), and prints
 * "[ioredis] Unhandled error event" with a stack for each when no one listens.
 */
function watched(redis: Redis, name: string, log: RedisLog): Redis {
  logs.set(redis, log);
  let failures = 0; // since the connection was last ready
  redis.on('error', (err: Error) => {
    if (failures++ === 0) log.warn({ err, redis: name }, 'Redis connection failed; reconnecting');
  });
  redis.on('ready', () => {
    if (failures === 0) return;
    log.warn({ redis: name, failures }, 'Redis connection ready again');
    failures = 0;
  });
  return redis;
}

/** How often a pub/sub connection is pinged, and how long a PING may go unanswered. */
export interface Heartbeat {
  everyMs: number;
  timeoutMs: number;
}

const HEARTBEAT: Heartbeat = { everyMs: 10_000, timeoutMs: 5_000 };

/**
 * Pings a subscriber connection every `everyMs` while it is ready, and closes it when a PING goes
 * unanswered for `timeoutMs`; ioredis then reconnects and subscribes again. A connection that stays
 * open but no longer delivers (a balancer or NAT forgetting an idle connection without a word) is
 * otherwise never noticed: a subscriber only listens. Returns the function that stops the pings.
 */
export function keepAlive(redis: Redis, beat: Heartbeat = HEARTBEAT): () => void {
  let pinging = false;
  const timer = setInterval(() => {
    if (redis.status !== 'ready' || pinging) return;
    pinging = true;
    const silent = setTimeout(() => redis.disconnect(true), beat.timeoutMs).unref();
    const answered = () => {
      clearTimeout(silent);
      pinging = false;
    };
    redis.ping().then(answered, answered);
  }, beat.everyMs).unref();
  return () => clearInterval(timer);
}

/**
 * Quits connections, waiting at most `stepMs` per step for one that stays silent (a shutdown must
 * not hang on it). Commands on a connection complete in order: once a PING is answered, a SUBSCRIBE
 * sent before it (a socket.io adapter fires them without handling their promise) is done, and
 * quitting rejects nothing unhandled.
 */
export async function quitAll(connections: readonly Redis[], stepMs = HEARTBEAT.timeoutMs): Promise<void> {
  const bounded = (p: Promise<unknown>) => Promise.race([p, new Promise((r) => setTimeout(r, stepMs).unref())]);
  await bounded(Promise.all(connections.map((r) => r.ping().catch(() => undefined))));
  await bounded(Promise.all(connections.map((r) => r.quit().catch(() => undefined))));
  for (const r of connections) r.disconnect();
}
