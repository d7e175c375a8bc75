/**
 * bench/realtime: the socket.io gateway (path /ws) of one real server process, on the embedded
 * database (PGlite) and, when reachable, on PostgreSQL + Redis. Members and their sessions are
 * inserted set-based before the server starts (bench/realtime/population.ts); the server runs as
 * a child process (apps/server/test/server-process.ts), so its memory is its own; the sockets live
 * in --workers client processes (bench/realtime/client-worker.ts), never in the server's.
 *
 * a) Message delivery latency: --chatters members connected (one socket each, women with a raised
 *    daily limit, so no credit or limit rule refuses); pairs write each other through
 *    POST /api/messages/:recipientId at --rate messages/s in total, --messages in all. Each
 *    message is timed from just before the HTTP send to the `message` event on the recipient's
 *    socket, both in the same client process (performance.now()). Reports p50/p99, the HTTP
 *    answers' p50/p99 and the server's CPU time per message. The default rate is 50/s: at 200/s a
 *    2-core machine's server on PGlite could not keep up (a send costs it about 6 ms of CPU, so
 *    200/s asks for 1.2 of 2 shared cores; measured p50 748 ms, p99 10.7 s on 2026-11-23), and
 *    the figure would measure the queue, not the delivery. With --signals (issue 17: read
 *    receipts and typing on), each sender's socket emits `typing` to the recipient just before the
 *    send, and each recipient marks the conversation read (POST /api/conversations/:id/read) as
 *    the message arrives, so `typing`, `read` and `unread` events share the sockets and the server.
 * b) Idle authenticated sockets per GiB: the server's VmRSS (/proc/<pid>/status) settled before
 *    and after --sockets authenticated sockets connected (after a warm-up connect and disconnect
 *    of --chatters sockets); sockets per GiB = sockets * 1 GiB / (after - before). That is an
 *    extrapolation from --sockets, not a measurement at 1 GiB.
 * c) Presence fan-out: with the --sockets sockets connected and no presence change for longer than
 *    PRESENCE_INTERVAL_MS (the broadcast is throttled to once per interval, trailing), one more member connects from this
 *    process; timed from just before that connect until the last of the --sockets sockets has got
 *    `presence` with the new count (process.hrtime.bigint(), CLOCK_MONOTONIC, the same clock in
 *    every process). --repeats times, each with another new member; reports p50 and max.
 *
 * Order on each backend: (b), (c) on its sockets, then all disconnect and (a) runs.
 *
 * Reproduce: `npm run bench:realtime`, or `npx tsx bench/realtime.ts [--sockets 10000]
 * [--chatters 1000] [--messages 3000] [--rate 50] [--repeats 10] [--workers 3]
 * [--only pglite|postgres] [--signals] [--dry]`. With --signals only the delivery row is recorded. PostgreSQL: BENCH_PG_URL (default
 * postgres://postgres@127.0.0.1:5432/test) is the admin connection; the bench creates and drops
 * the database funkeln_bench_realtime. Redis: BENCH_REDIS_URL (default redis://127.0.0.1:6379).
 * Without either, that part is skipped.
 */
import { cpus, loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import { PRESENCE_INTERVAL_MS } from '../apps/server/src/platform/realtime/presence-tracker.js';
import { startServerProcess } from '../apps/server/test/server-process.js';
import { postgresBackend, pgliteBackend, type Backend } from './realtime/backends.js';
import { ClientProcess } from './realtime/clients.js';
import { cpuSeconds, rssBytes } from './realtime/proc.js';
import { createMembers } from './realtime/population.js';
import { connectAll, connectMember, disconnectAll, messagePlan, percentiles, settledRss, slices, timePresence, type Percentiles } from './realtime/phases.js';
import { MACHINE, recordResult } from './results.js';

const { values: args } = parseArgs({
  options: {
    sockets: { type: 'string', default: '10000' },
    chatters: { type: 'string', default: '1000' },
    messages: { type: 'string', default: '3000' },
    rate: { type: 'string', default: '50' },
    repeats: { type: 'string', default: '10' },
    workers: { type: 'string', default: '3' },
    only: { type: 'string' },
    /** Read receipts and typing on: each sender emits `typing` before sending, each recipient marks read on arrival. */
    signals: { type: 'boolean', default: false },
    /** Measure and print only; leave bench/RESULTS.md alone (e.g. for smaller sizes). */
    dry: { type: 'boolean', default: false },
  },
});

const SOCKETS = Number(args.sockets);
const CHATTERS = Math.min(Number(args.chatters), SOCKETS);
const MESSAGES = Number(args.messages);
const RATE = Number(args.rate);
const REPEATS = Number(args.repeats);
const SIGNALS = args.signals;
const SIGNALS_NOTE = SIGNALS ? ', read receipts and typing on (each sender emits `typing` first, each recipient marks read on arrival)' : '';
const WORKERS = Number(args.workers);
const WARMUP_MESSAGES = Math.min(RATE, MESSAGES); // one second's worth, not counted
const MESSAGES_PER_MEMBER_MINUTE = 30; // the server's flood guard (docs/MESSAGING.md)
const PG_ADMIN_URL = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const REDIS_URL = process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379';
const MIB = 1024 * 1024;
const GIB = 1024 * MIB;
const log = (msg: string) => console.log(`[${new Date().toISOString().slice(11, 19)}] ${msg}`);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

interface Figures {
  label: string;
  delivery: Percentiles;
  /** The same messages' HTTP answers: how much of the delivery time is the send itself. */
  answered: Percentiles;
  /** Server process CPU time over the send phase (/proc/<pid>/stat) per message, sockets included. */
  serverCpuMsPerMessage: number;
  /** The machine's 1-minute load average right after the send phase (the machine may be shared). */
  load: number;
  rssBefore: number;
  rssAfter: number;
  fanout: Percentiles;
  firstSeen: Percentiles;
}

async function measure(backend: Backend): Promise<Figures> {
  const { label } = backend;
  const t0 = performance.now();
  const members = await createMembers(backend.db, SOCKETS + REPEATS, CHATTERS).finally(() => backend.db.close());
  // Closed before the server starts: it opens its own connections (on PGlite, the same files).
  log(`${label}: ${members.length.toLocaleString('en')} members with sessions in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
  const server = await startServerProcess(backend.env);
  const clients = Array.from({ length: WORKERS }, () => ClientProcess.start());
  const extras: { close(): void }[] = [];
  try {
    const pid = server.child.pid ?? 0;
    const idle = members.slice(0, SOCKETS);
    const chatters = members.slice(0, CHATTERS);
    log(`${label}: server pid ${pid}; warm-up: ${CHATTERS} sockets connect and disconnect`);
    await connectAll(server.base, clients, chatters);
    await disconnectAll(clients);

    // (b) idle sockets per GiB
    const rssBefore = await settledRss(pid, 3000, 20_000);
    log(`${label}: RSS before ${(rssBefore / MIB).toFixed(1)} MiB; connecting ${SOCKETS.toLocaleString('en')} sockets`);
    const busy = slices(idle, WORKERS).length;
    const arrival = await timePresence(clients, SOCKETS, busy, 600_000, async () => {
      const ms = await connectAll(server.base, clients, idle);
      log(`${label}: ${SOCKETS.toLocaleString('en')} sockets connected in ${(ms / 1000).toFixed(1)} s`);
    });
    if (arrival.seen !== SOCKETS) throw new Error(`only ${arrival.seen} of ${SOCKETS} sockets saw online=${SOCKETS}: not all authenticated?`);
    const rssAfter = await settledRss(pid, 5000, 30_000);
    log(`${label}: RSS after ${(rssAfter / MIB).toFixed(1)} MiB (${(((rssAfter - rssBefore) / SOCKETS) / 1024).toFixed(1)} KiB per socket)`);

    // (c) presence fan-out
    const rounds = [];
    for (let k = 0; k < REPEATS; k++) {
      await sleep(PRESENCE_INTERVAL_MS + 500); // no presence change for over an interval: the next broadcast is not delayed by the throttle
      const extra = members[SOCKETS + k]!;
      const round = await timePresence(clients, SOCKETS + k + 1, busy, 15_000, async () => {
        extras.push(await connectMember(server.base, extra));
      });
      if (round.seen !== round.sockets) throw new Error(`presence round ${k}: ${round.seen} of ${round.sockets} sockets saw the count`);
      log(`${label}: presence round ${k + 1}: first socket ${round.firstMs.toFixed(1)} ms, last of ${round.seen} ${round.fanoutMs.toFixed(1)} ms`);
      rounds.push(round);
    }
    for (const s of extras.splice(0)) s.close();
    await disconnectAll(clients);

    // (a) message delivery
    await sleep(1500);
    await timePresence(clients, CHATTERS, slices(chatters, WORKERS).length, 120_000, async () => {
      await connectAll(server.base, clients, chatters);
    });
    const parts = slices(chatters, WORKERS);
    const sendAll = (total: number) =>
      Promise.all(
        parts.map((part, i) =>
          clients[i]!.request({ type: 'send', base: server.base, plan: messagePlan(part, Math.round(total / parts.length)), ratePerSec: RATE / parts.length, signals: SIGNALS }, 'sent'),
        ),
      );
    log(`${label}: ${CHATTERS} chatters connected; warm-up ${WARMUP_MESSAGES} messages, then ${MESSAGES} at ${RATE}/s`);
    await sendAll(WARMUP_MESSAGES);
    const cpu0 = cpuSeconds(pid);
    const sendStart = performance.now();
    const replies = await sendAll(MESSAGES);
    const sendSeconds = (performance.now() - sendStart) / 1000;
    const serverCpuMsPerMessage = ((cpuSeconds(pid) - cpu0) * 1000) / MESSAGES;
    const load = loadavg()[0]!;
    log(`${label}: sent in ${sendSeconds.toFixed(1)} s (planned ${(MESSAGES / RATE).toFixed(1)} s); server CPU ${serverCpuMsPerMessage.toFixed(1)} ms per message`);
    const statuses: Record<string, number> = {};
    for (const r of replies) for (const [k, n] of Object.entries(r.statuses)) statuses[k] = (statuses[k] ?? 0) + n;
    const undelivered = replies.reduce((n, r) => n + r.undelivered, 0);
    if (Object.keys(statuses).some((k) => k !== '200' && k !== 'read 200') || undelivered > 0) {
      throw new Error(`messages: statuses ${JSON.stringify(statuses)}, ${undelivered} not delivered to the recipient's socket`);
    }
    const delivery = percentiles(replies.flatMap((r) => Array.from(r.latencies)));
    const answered = percentiles(replies.flatMap((r) => Array.from(r.answered)));
    log(`${label}: server RSS at the end ${(rssBytes(pid) / MIB).toFixed(1)} MiB`);
    return {
      label,
      delivery,
      answered,
      serverCpuMsPerMessage,
      load,
      rssBefore,
      rssAfter,
      fanout: percentiles(rounds.map((r) => r.fanoutMs)),
      firstSeen: percentiles(rounds.map((r) => r.firstMs)),
    };
  } finally {
    for (const s of extras) s.close();
    await Promise.all(clients.map((c) => c.stop()));
    await server.stop();
  }
}

async function record(f: Figures): Promise<void> {
  if (args.dry) return;
  const base = { benchmark: 'realtime', machine: MACHINE, reproduce: SIGNALS ? 'npm run bench:realtime -- --signals --sockets 1000' : 'npm run bench:realtime' };
  const cores = cpus().length;
  const shared = f.load > cores ? ', the machine shared with other work' : '';
  const ms = (v: number) => v.toFixed(1);
  await recordResult({
    ...base,
    metric: `message delivery latency p99, POST /api/messages -> recipient's socket, ${f.label}, ${CHATTERS.toLocaleString('en')} connected members${SIGNALS_NOTE}`,
    value: `${ms(f.delivery.p99)} ms (p50 ${ms(f.delivery.p50)} ms, max ${ms(f.delivery.max)} ms; ${f.delivery.count} messages at ${RATE}/s, loopback; the HTTP answers alone: p50 ${ms(f.answered.p50)} ms, p99 ${ms(f.answered.p99)} ms; server CPU ${ms(f.serverCpuMsPerMessage)} ms per message; machine load average ${f.load.toFixed(1)} on ${cores} cores${shared})`,
    target: '< 50 ms',
  });
  if (SIGNALS) return;
  const perSocket = (f.rssAfter - f.rssBefore) / SOCKETS;
  await recordResult({
    ...base,
    metric: `idle authenticated sockets per GiB of server RSS, ${f.label}`,
    value: `${Math.round(GIB / perSocket).toLocaleString('en')} sockets/GiB, extrapolated from ${SOCKETS.toLocaleString('en')} sockets: RSS ${(f.rssBefore / MIB).toFixed(0)} -> ${(f.rssAfter / MIB).toFixed(0)} MiB (${(perSocket / 1024).toFixed(1)} KiB/socket)`,
    target: '-',
  });
  await recordResult({
    ...base,
    metric: `presence fan-out, new member connects -> last of ${SOCKETS.toLocaleString('en')} sockets has the count, ${f.label}`,
    value: `p50 ${ms(f.fanout.p50)} ms, max ${ms(f.fanout.max)} ms (${f.fanout.count} rounds; first socket p50 ${ms(f.firstSeen.p50)} ms)`,
    target: '< 1 s',
  });
}

async function main(): Promise<void> {
  if ((RATE / CHATTERS) * 60 > MESSAGES_PER_MEMBER_MINUTE) {
    throw new Error(`--rate ${RATE} over ${CHATTERS} chatters exceeds the server's ${MESSAGES_PER_MEMBER_MINUTE} messages a minute per member`);
  }
  const results: Figures[] = [];
  const run = async (make: () => Promise<Backend | undefined>) => {
    const backend = await make();
    if (!backend) return;
    try {
      const f = await measure(backend);
      results.push(f);
      await record(f);
    } finally {
      await backend.dispose();
    }
  };
  if (args.only !== 'postgres') await run(pgliteBackend);
  if (args.only !== 'pglite') await run(() => postgresBackend(PG_ADMIN_URL, 'funkeln_bench_realtime', REDIS_URL, log));
  console.table(
    Object.fromEntries(
      results.map((f) => [
        f.label,
        {
          [`delivery p50 ms (${CHATTERS} members)`]: Number(f.delivery.p50.toFixed(1)),
          'delivery p99 ms': Number(f.delivery.p99.toFixed(1)),
          'HTTP answer p50 ms': Number(f.answered.p50.toFixed(1)),
          'HTTP answer p99 ms': Number(f.answered.p99.toFixed(1)),
          'server CPU ms/message': Number(f.serverCpuMsPerMessage.toFixed(1)),
          messages: f.delivery.count,
          'RSS before MiB': Number((f.rssBefore / MIB).toFixed(1)),
          [`RSS after ${SOCKETS} MiB`]: Number((f.rssAfter / MIB).toFixed(1)),
          'KiB/socket': Number(((f.rssAfter - f.rssBefore) / SOCKETS / 1024).toFixed(1)),
          'sockets/GiB (extrapolated)': Math.round((GIB * SOCKETS) / (f.rssAfter - f.rssBefore)),
          'presence fan-out p50 ms': Number(f.fanout.p50.toFixed(1)),
          'presence fan-out max ms': Number(f.fanout.max.toFixed(1)),
        },
      ]),
    ),
  );
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
