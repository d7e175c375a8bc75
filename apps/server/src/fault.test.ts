import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { call, remoteMember } from '../test/remote.js';
import { startServerProcess } from '../test/server-process.js';
import { startSmtpServer, type TestSmtp } from '../test/smtp.js';
import { createTestDb } from '../test/test-db.js';

/**
 * Faults under load: PostgreSQL sessions killed mid-request (pg_terminate_backend), and a server
 * process killed (SIGKILL) mid-write and started again. Clients behave like the web app: every
 * spend, purchase and message carries its Idempotency-Key or clientId and is retried on a 503 or
 * a broken connection. Afterwards no credit, message or mail may be lost or doubled, and no
 * request may have been answered with a 500.
 */
const SPENDERS = 4;
const PURCHASES = 2; // each
const MESSAGES = 6; // each
const SIGNUPS = 10;
const PACK_CREDITS = 50; // 'starter'
const MESSAGE_COST = 5; // CREDIT_COST_PER_MESSAGE_MALE default
const VERIFY_SUBJECT = 'Bitte bestätige deine E-Mail-Adresse';

const onPostgres = process.env.TEST_DB === 'postgres';
const cleanups: (() => Promise<unknown>)[] = [];
afterAll(async () => {
  for (const c of cleanups.reverse()) await c().catch(() => undefined);
});

type Server = Awaited<ReturnType<typeof startServerProcess>>;

class Client {
  /** Every status the server answered, to prove no request ended in a 500. */
  readonly statuses: number[] = [];
  /** Requests that lost their connection (the process died or was not up yet). */
  brokenConnections = 0;
  /** Answers other than 503: requests that got through. */
  definite = 0;
  constructor(private readonly base: () => string) {}

  summary(): string {
    const counts = new Map<number, number>();
    for (const s of this.statuses) counts.set(s, (counts.get(s) ?? 0) + 1);
    return [...[...counts].map(([s, n]) => `${s}x${n}`), `broken connections x${this.brokenConnections}`].join(', ');
  }

  /** Retries on 503 and broken connections until the server gives a definite answer. */
  async until(method: 'POST' | 'GET' | 'PUT', path: string, opts: { token?: string; body?: unknown; headers?: Record<string, string> }) {
    for (let attempt = 0; attempt < 400; attempt++) {
      try {
        const res = await call(this.base(), method, path, opts);
        this.statuses.push(res.status);
        if (res.status !== 503) {
          this.definite++;
          return res;
        }
      } catch {
        this.brokenConnections++; // connection refused or reset: the process is down or restarting
      }
      await new Promise((r) => setTimeout(r, 50));
    }
    throw new Error(`${method} ${path}: no definite answer`);
  }
}

type Member = { id: string; token: string };

/** Purchases, messages and sign-ups at once, each retried until it has a definite answer. */
async function workload(client: Client, spenders: Member[], recipientId: string) {
  const buy = async (spender: Member) => {
    const res = await client.until('POST', '/api/wallet/purchases', { token: spender.token, body: { packId: 'starter', withdrawalConsent: true }, headers: { 'idempotency-key': randomUUID() } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
  };
  await Promise.all(spenders.flatMap((s) => Array.from({ length: PURCHASES }, () => buy(s))));
  const sent: string[] = [];
  const sendAll = async (spender: Member) => {
    for (let i = 0; i < MESSAGES; i++) {
      const body = { body: `Nachricht ${i}`, clientId: randomUUID() };
      const res = await client.until('POST', `/api/messages/${recipientId}`, { token: spender.token, body });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      sent.push((res.body as { message: { id: string } }).message.id);
    }
  };
  const signups = Array.from({ length: SIGNUPS }, () => `neu.${randomBytes(4).toString('hex')}@example.org`);
  const signUp = async (email: string) => {
    const res = await client.until('POST', '/api/auth/register', { body: { email, password: 'Kiwi-Wolke-Geheim-42', displayName: 'Neu' } });
    // 409 only when an earlier try that lost its answer had committed the account.
    expect([200, 409]).toContain(res.status);
  };
  await Promise.all([...spenders.map(sendAll), ...signups.map(signUp)]);
  return { sent, signups };
}

async function expectNothingLostOrDoubled(
  client: Client,
  smtp: TestSmtp,
  people: { spenders: Member[]; recipient: Member },
  result: { sent: string[]; signups: string[] },
  opts: { sameMessageIdRepeatsAllowed: boolean },
) {
  for (const spender of people.spenders) {
    const wallet = (await client.until('GET', '/api/wallet', { token: spender.token })).body as { credits: number; history: { amount: number }[] };
    expect(wallet.credits).toBe(PURCHASES * PACK_CREDITS - MESSAGES * MESSAGE_COST);
    expect(wallet.history.filter((h) => h.amount === PACK_CREDITS)).toHaveLength(PURCHASES);
    expect(wallet.history.filter((h) => h.amount === -MESSAGE_COST)).toHaveLength(MESSAGES);
  }
  const inbox = (await client.until('GET', '/api/messages', { token: people.recipient.token })).body as unknown as { id: string }[];
  expect(inbox).toHaveLength(SPENDERS * MESSAGES);
  expect(new Set(inbox.map((m) => m.id))).toEqual(new Set(result.sent));

  // Every sign-up exists (it can log in) and got exactly one verification mail.
  for (const email of result.signups) {
    expect((await client.until('POST', '/api/auth/login', { body: { email, password: 'Kiwi-Wolke-Geheim-42' } })).status, email).toBe(200);
  }
  const until = Date.now() + 30_000;
  const verifyMails = (email: string) => smtp.mailsTo(email).filter((m) => m.subject === VERIFY_SUBJECT);
  while (result.signups.some((e) => verifyMails(e).length === 0) && Date.now() < until) await new Promise((r) => setTimeout(r, 100));
  await new Promise((r) => setTimeout(r, 500)); // a second copy would arrive now
  for (const email of result.signups) {
    const mails = verifyMails(email);
    expect(new Set(mails.map((m) => m.messageId)).size, email).toBe(1);
    if (!opts.sameMessageIdRepeatsAllowed) expect(mails, email).toHaveLength(1);
  }
  expect(client.statuses.filter((s) => s >= 500 && s !== 503)).toEqual([]);
}

const people = async (base: string) => ({
  spenders: await Promise.all(Array.from({ length: SPENDERS }, (_, i) => remoteMember(base, `Max${i}`, 'male'))),
  recipient: await remoteMember(base, 'Mia', 'female'),
});

describe.runIf(onPostgres)('PostgreSQL connections killed mid-request', () => {
  it('loses and doubles nothing: requests are retried inside the server or answered with a clean 503', async () => {
    const smtp = await startSmtpServer();
    cleanups.push(() => smtp.close());
    const { url, drop } = await createTestDb();
    cleanups.push(drop);
    const dbName = new URL(url!).pathname.slice(1);
    const server = await startServerProcess({
      DATABASE_URL: url!,
      ...(process.env.TEST_REDIS_URL ? { REDIS_URL: process.env.TEST_REDIS_URL, REDIS_PREFIX: `f${randomBytes(4).toString('hex')}:` } : {}),
      SMTP_URL: smtp.url,
      REGISTRATIONS_PER_IP_HOUR: '1000',
    });
    cleanups.push(() => server.stop());
    const client = new Client(() => server.base);
    const cast = await people(server.base);

    // Kill every connection the server holds to its database, again and again, while it works; after
    // each kill, wait until some request has got through since. A retry must be able to win however
    // slow the machine is: at a fixed kill rate, a busy CI box (where a transaction takes longer than
    // the gap between kills) never let a sign-up commit.
    const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await admin.connect();
    cleanups.push(() => admin.end());
    let killed = 0;
    let storming = true;
    const storm = (async () => {
      while (storming) {
        const rows = await admin.query('SELECT pg_terminate_backend(pid) AS ok FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()', [dbName]);
        const now = rows.rows.filter((r: { ok: boolean }) => r.ok).length;
        killed += now;
        const through = client.definite;
        while (now > 0 && storming && client.definite === through) await new Promise((r) => setTimeout(r, 5));
        await new Promise((r) => setTimeout(r, 15 + Math.random() * 40));
      }
    })();
    cleanups.push(async () => {
      storming = false; // a failed run stops the storm before its admin connection ends
      await storm.catch(() => undefined);
    });
    const result = await workload(client, cast.spenders, cast.recipient.id);
    storming = false;
    await storm;
    expect(killed).toBeGreaterThan(5);
    console.info(`pg_terminate_backend: ${killed} sessions killed; answers: ${client.summary()}`);

    await expectNothingLostOrDoubled(client, smtp, cast, result, { sameMessageIdRepeatsAllowed: false });
    expect((await call(server.base, 'GET', '/readyz')).status).toBe(200);
    expect(await server.stop()).toBe(0);
  }, 180_000);
});

describe('a server process killed mid-write', () => {
  it('loses and doubles nothing after a restart: clients retry with the same keys', async () => {
    const smtp = await startSmtpServer();
    cleanups.push(() => smtp.close());
    let env: Record<string, string>;
    if (onPostgres) {
      const { url, drop } = await createTestDb();
      cleanups.push(drop);
      env = { DATABASE_URL: url!, ...(process.env.TEST_REDIS_URL ? { REDIS_URL: process.env.TEST_REDIS_URL, REDIS_PREFIX: `k${randomBytes(4).toString('hex')}:` } : {}) };
    } else {
      env = { DATA_DIR: mkdtempSync(join(tmpdir(), 'funkeln-fault-')) };
    }
    // A mail claimed by the killed process goes out from the restarted one once its lease ran out.
    Object.assign(env, { SMTP_URL: smtp.url, REGISTRATIONS_PER_IP_HOUR: '1000', MAIL_LEASE_SECONDS: '6' });
    let server: Server = await startServerProcess(env);
    const port = new URL(server.base).port;
    cleanups.push(() => server.stop());
    const client = new Client(() => server.base);
    const cast = await people(server.base);

    // Two crashes while the workload runs; each time the process comes back on the same port.
    let restarts = 0;
    const crashes = (async () => {
      for (const delay of [150, 900]) {
        await new Promise((r) => setTimeout(r, delay));
        server.child.kill('SIGKILL');
        await new Promise((r) => server.child.once('exit', r));
        server = await startServerProcess(env, port);
        restarts++;
      }
    })();
    const result = await workload(client, cast.spenders, cast.recipient.id);
    await crashes;
    expect(restarts).toBe(2);
    expect(client.brokenConnections).toBeGreaterThan(0); // the crashes did hit requests in flight
    console.info(`two SIGKILLs; answers: ${client.summary()}`);

    // A crash between the SMTP server's "accepted" and the outbox update can repeat a mail:
    // the copy carries the same Message-ID (mail clients show it once), never a second message.
    await expectNothingLostOrDoubled(client, smtp, cast, result, { sameMessageIdRepeatsAllowed: true });
    expect(await server.stop()).toBe(0);
  }, 180_000);
});
