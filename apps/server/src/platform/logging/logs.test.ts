import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDb } from '../../../test/test-db.js';
import { startServerProcess } from '../../../test/server-process.js';

const PASSWORD = 'Geheim-Passwort-123!';
const NEW_PASSWORD = 'Neues-Geheim-Passwort-456?';
const BODY = 'Unverwechselbarer Nachrichtentext 7f3a9c';

type Server = Awaited<ReturnType<typeof startServerProcess>>;
let server: Server;
let dataDir: string;
let dropDb: (() => Promise<void>) | undefined;

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'funkeln-logs-'));
  const env: Record<string, string> = { DATA_DIR: dataDir, LOG_LEVEL: 'info' };
  if (process.env.TEST_DB === 'postgres') {
    const { url, drop } = await createTestDb();
    dropDb = drop;
    env.DATABASE_URL = url ?? '';
  }
  server = await startServerProcess(env);
}, 90_000);

afterAll(async () => {
  await server?.stop();
  await dropDb?.();
  rmSync(dataDir, { recursive: true, force: true });
});

async function call(method: string, path: string, options: { token?: string; body?: object; requestId?: string } = {}) {
  const headers: Record<string, string> = {};
  if (options.body) headers['content-type'] = 'application/json';
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  if (options.requestId) headers['x-request-id'] = options.requestId;
  const res = await fetch(`${server.base}${path}`, { method, headers, body: options.body ? JSON.stringify(options.body) : undefined });
  const text = await res.text();
  return { status: res.status, requestId: res.headers.get('x-request-id'), json: () => JSON.parse(text) as Record<string, unknown> };
}

/** The newest mail token sent to this address, from the dev mailbox. */
async function mailToken(to: string, subject: RegExp): Promise<string> {
  for (let i = 0; i < 50; i++) {
    const mails = (await call('GET', '/dev/mailbox.json')).json() as unknown as { to: string; subject: string; text: string }[];
    const token = mails.find((m) => m.to.includes(to) && subject.test(m.subject))?.text.match(/token=([\w-]{43})/)?.[1];
    if (token) return token;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`no mail to ${to}`);
}

async function member(name: string, gender: 'female' | 'male') {
  const email = `logs.${name.toLowerCase()}.${Date.now()}@example.org`;
  const reg = await call('POST', '/api/auth/register', { body: { email, password: PASSWORD, displayName: name }, requestId: `reg-${name}` });
  expect(reg.status).toBe(200);
  const token = String(reg.json().token);
  const profile = { birthDate: '1994-03-02', gender, interestedIn: ['female', 'male', 'diverse'], ageMin: 18, ageMax: 80 };
  expect((await call('PUT', '/api/me/profile', { token, body: profile })).status).toBe(200);
  const id = String((await call('GET', '/api/me', { token })).json().id);
  return { email, token, id };
}

describe('logs of a real server process', () => {
  it('are JSON lines with request ids and without passwords, tokens or message texts', async () => {
    const eva = await member('Eva', 'female');
    const tom = await member('Tom', 'male');
    const verifyToken = await mailToken(eva.email, /bestätig/i);
    expect((await call('POST', '/api/auth/verify/confirm', { body: { token: verifyToken } })).status).toBe(200);
    // The link from the mail, opened as a page: its token is in the URL the request log records.
    await call('GET', `/verify?token=${verifyToken}`);

    const login = await call('POST', '/api/auth/login', { body: { email: eva.email, password: PASSWORD }, requestId: 'login-eva.1' });
    expect(login.status).toBe(200);
    expect(login.requestId).toBe('login-eva.1');
    const session = String(login.json().token);

    const sent = await call('POST', `/api/messages/${tom.id}`, { token: session, body: { body: BODY }, requestId: 'send-message-1' });
    expect(sent.status).toBe(200);

    expect((await call('POST', '/api/auth/password/request', { body: { email: tom.email } })).status).toBe(200);
    const resetToken = await mailToken(tom.email, /passwort/i);
    expect((await call('POST', '/api/auth/password/confirm', { body: { token: resetToken, newPassword: NEW_PASSWORD } })).status).toBe(200);

    // A request id that is no plain token is replaced, never echoed or logged.
    const odd = await call('GET', '/healthz', { requestId: 'nicht erlaubt {"x":1}' });
    expect(odd.requestId).toMatch(/^[0-9a-f-]{36}$/);
    const long = await call('GET', '/healthz', { requestId: 'a'.repeat(65) });
    expect(long.requestId).toMatch(/^[0-9a-f-]{36}$/);

    // Log lines are written asynchronously; wait for the last request's.
    const until = Date.now() + 5000;
    while (!server.stdout.includes(long.requestId ?? '-') && Date.now() < until) await new Promise((r) => setTimeout(r, 50));

    const lines = server.stdout.split('\n').filter((l) => l.trim() !== '');
    expect(lines.length).toBeGreaterThan(20);
    const entries = lines.map((line) => {
      const entry = JSON.parse(line) as Record<string, unknown>;
      expect(typeof entry.level).toBe('string');
      expect(Date.parse(String(entry.time))).not.toBeNaN();
      return entry;
    });
    const of = (id: string) => entries.filter((e) => e.requestId === id);
    expect(of('login-eva.1').map((e) => e.msg)).toEqual(['incoming request', 'request completed']);
    expect(of('send-message-1')).toHaveLength(2);
    expect(of('reg-Eva')[0]).toMatchObject({ req: { method: 'POST', url: '/api/auth/register' } });
    expect(entries.some((e) => e.requestId === long.requestId)).toBe(true);
    expect(server.stdout).not.toContain('nicht erlaubt');
    expect(server.stdout).toContain('/verify?token=***');

    const everything = server.stdout + server.stderr;
    for (const secret of [PASSWORD, NEW_PASSWORD, session, eva.token, tom.token, verifyToken, resetToken, BODY]) {
      expect(everything).not.toContain(secret);
    }
  }, 90_000);
});
