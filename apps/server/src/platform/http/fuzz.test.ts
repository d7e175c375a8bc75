import { errorCodes, errorStatus, type ErrorCode } from '@funkeln/contracts/errors';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Queryable } from '../../db/client.js';
import { createTestApp, register, uniqueEmail, type TestApp } from '../../../test/harness.js';
import { draw, fuzzCases, type FuzzCase, type Operation } from '../../../test/fuzz-inputs.js';
import { looksGerman } from '../../../test/german.js';
import { makeJpeg, multipart } from '../../../test/images.js';
import { createRng } from '../../demo/random.js';
import type { Moderator } from '../../modules/photos/moderation/moderator.js';
import { createMemoryRateLimiter } from '../rate-limit/rate-limit.js';

/**
 * Schema-driven fuzzing of every operation in the OpenAPI document, as a visitor, a member and
 * an admin: never a 5xx, every 4xx a German { error, message } with a code the operation declares
 * (its errorResponses plus what the framework adds, as the document lists them), and a 4xx writes nothing.
 * FUZZ_SEED=<n> replays another sequence; the seed is printed with every failure.
 */
const SEED = Number(process.env.FUZZ_SEED ?? 20261123);
/** Cases drawn per operation and role beyond the critical ones. */
const DRAWN = 8;
const PASSWORD = 'Kiwi-Wolke-Geheim-42';

// Not fuzzed: the Stripe webhook, hidden from the document and only there with Stripe configured
// (payments.test.ts: a wrong or missing signature is a 400 and books nothing). The Google routes
// are fuzzed: unconfigured, they redirect without calling out.
const approveAll: Moderator = { classify: async () => ({ Drawing: 0.01, Hentai: 0.01, Neutral: 0.96, Porn: 0.01, Sexy: 0.01 }), close: async () => undefined };
// Every call is an hour after the last, so every window has passed: limits never stop the fuzzer.
let clock = 0;
const unlimited = createMemoryRateLimiter(() => (clock += 3_600_000));

// Bookkeeping any request may write whatever its answer: a session's last use, and the server's
// keys (app_secrets), made once on first use. The gazetteer (places) is static and large.
const BOOKKEEPING: Record<string, string[]> = { sessions: ['last_seen_at'], users: ['last_active_at'] };
const UNCHECKED = new Set(['places', 'app_secrets']);

/** One fingerprint of every table's rows. */
async function fingerprint(db: Queryable): Promise<string> {
  const tables = await db.query<{ name: string }>("SELECT tablename AS name FROM pg_tables WHERE schemaname = 'public' ORDER BY 1");
  const parts = tables.filter(({ name }) => !UNCHECKED.has(name)).map(({ name }) => {
    const row = `to_jsonb(x)${(BOOKKEEPING[name] ?? []).map((c) => ` - '${c}'`).join('')}`;
    return `SELECT '${name}' || ':' || count(*) || ':' || md5(coalesce(string_agg((${row})::text, '|' ORDER BY (${row})::text), '')) AS t FROM "${name}" x`;
  });
  const rows = await db.query<{ t: string }>(parts.join(' UNION ALL '));
  return rows.map((r) => r.t).join('\n');
}

function changedTables(before: string, after: string): string {
  const old = new Set(before.split('\n'));
  return after.split('\n').filter((line) => !old.has(line)).map((line) => line.split(':')[0]).join(', ');
}

/** Advances whenever any transaction wrote (or took a lock): the cheap test before the fingerprint. */
async function writeMark(db: Queryable): Promise<string> {
  return (await db.query<{ x: string }>('SELECT pg_snapshot_xmax(pg_current_snapshot())::text AS x'))[0]?.x ?? '';
}

let t: TestApp;
let foreignIds: string[];
const users: Record<'member' | 'admin', string> = { member: '', admin: '' };

beforeAll(async () => {
  t = await createTestApp({ ADMIN_EMAILS: 'fuzz-admin@example.org' }, {}, { moderator: approveAll, limiter: unlimited });
  const me = async (token: string) => (await t.app.inject({ method: 'GET', url: '/api/me', headers: { authorization: `Bearer ${token}` } })).json<{ id: string }>().id;
  const admin = await register(t.app, 'fuzz-admin@example.org', PASSWORD, 'Admin');
  users.admin = await me(admin.token);
  await t.c.db.query('UPDATE users SET email_verified = true WHERE id = $1', [users.admin]);
  const member = await register(t.app, uniqueEmail('fuzz'), PASSWORD, 'Mitglied');
  users.member = await me(member.token);
  // With a profile, a member's requests get past "complete your profile first" to the code behind it.
  const profile = { birthDate: '1992-05-01', gender: 'female', interestedIn: ['male', 'female'] };
  for (const token of [member.token, admin.token]) {
    await t.app.inject({ method: 'PUT', url: '/api/me/profile', headers: { authorization: `Bearer ${token}` }, payload: profile });
  }

  // Another member's objects: their ids are what the fuzzer tries in path parameters.
  const other = await register(t.app, uniqueEmail('victim'), PASSWORD, 'Andere');
  const as = { authorization: `Bearer ${other.token}` };
  const otherId = await me(other.token);
  await t.app.inject({ method: 'PUT', url: '/api/me/profile', headers: as, payload: { aboutMe: 'Hallo', birthDate: '1990-01-01', gender: 'female', interestedIn: ['male'] } });
  const upload = multipart(await makeJpeg(400, 300));
  const photo = (await t.app.inject({ method: 'POST', url: '/api/photos/upload', headers: { ...as, ...upload.headers }, payload: upload.payload })).json<{ photo: { id: string } }>();
  const chat = (await t.app.inject({ method: 'POST', url: '/api/ai/df/start', headers: as })).json<{ id: string }>();
  const memory = (await t.app.inject({ method: 'POST', url: '/api/ai/df/memory', headers: as, payload: { content: 'Mag Katzen' } })).json<{ id: string }>();
  foreignIds = [otherId, photo.photo.id, chat.id, memory.id];
  t.c.events.publish('users.changed', { userIds: [users.admin] });
}, 300_000);
afterAll(() => t.close());

type Role = 'anonymous' | 'member' | 'admin';

interface ErrorResponse {
  content?: Record<string, { schema?: { properties?: { error?: { enum?: string[] } } } }>;
}
type DocOperation = Operation & { responses?: Record<string, ErrorResponse> };

/** The codes the document lists for this operation and status (platform/http/docs.ts). */
const declaredCodes = (op: DocOperation, status: number): string[] =>
  op.responses?.[String(status)]?.content?.['application/json']?.schema?.properties?.error?.enum ?? [];

/** A 4xx whose code the operation does not declare for that status. */
function undeclaredCode(op: DocOperation, status: number, body: string): string | undefined {
  if (status < 400 || status >= 500) return undefined;
  let code: unknown;
  try {
    code = (JSON.parse(body) as { error?: unknown }).error;
  } catch {
    return undefined; // checkAnswer reports it
  }
  const declared = declaredCodes(op, status);
  return declared.includes(String(code)) ? undefined : `undeclared error code ${String(code)} (declared for ${status}: ${declared.join(', ') || 'none'})`;
}

async function headersFor(role: Role): Promise<Record<string, string>> {
  if (role === 'anonymous') return {};
  // A fresh session per operation: a fuzzed logout or logout-all must not end the next batch.
  const token = await t.c.db.transaction((tx) => t.c.sessions.create(tx, users[role]));
  return { authorization: `Bearer ${token}` };
}

/**
 * The foreign id whose carrier a member gets furthest with (2xx, else any answer but 400/404), so
 * the bad parts ride on a request that reaches the code behind validation and lookup.
 */
async function bestCarrierId(method: string, path: string, op: Operation): Promise<string> {
  if (!(op.parameters ?? []).some((p) => p.in === 'path') && !op.requestBody) return foreignIds[0] ?? '';
  const auth = await headersFor('member');
  const scored: [number, string][] = [];
  for (const id of foreignIds) {
    const [c] = fuzzCases(method, path, op, id, foreignIds);
    const { statusCode } = await t.app.inject({ method: method as 'GET', url: c?.url ?? path, headers: { ...auth, ...c?.headers }, payload: c?.payload });
    scored.push([statusCode < 400 ? 0 : statusCode === 400 || statusCode === 404 ? 2 : 1, id]);
  }
  return scored.sort((a, b) => a[0] - b[0])[0]?.[1] ?? '';
}

function describeCase(role: Role, c: FuzzCase, status: number, body: string): string {
  const payload = c.payload === undefined ? '' : ` body=${JSON.stringify(c.payload.slice(0, 200))}`;
  return `[seed ${SEED}] ${role} ${c.method} ${c.url.slice(0, 200)} (${c.label}) headers=${JSON.stringify(c.headers).slice(0, 200)}${payload} -> ${status} ${body.slice(0, 300)}`;
}

/** Each operation's cases, drawn once for the three roles (the carrier search sends requests). */
const casesOf = new Map<string, FuzzCase[]>();
async function casesFor(method: string, path: string, op: Operation): Promise<FuzzCase[]> {
  const key = `${method} ${path}`;
  const known = casesOf.get(key);
  if (known) return known;
  const all = fuzzCases(method, path, op, await bestCarrierId(method, path, op), foreignIds);
  casesOf.set(key, all);
  return all;
}

// One test per role, in sequence on one random stream: each is a few seconds to half a minute on a
// quiet box, and a loaded CI box stays far from the timeout, which only guards against a hang.
describe('fuzzing every operation of the OpenAPI document', () => {
  const rng = createRng(SEED);
  it.each(['anonymous', 'member', 'admin'] as const)('as %s: never answers 5xx, answers 4xx in German as {error, message}, and writes nothing on a 4xx', async (role) => {
    const doc = t.app.swagger() as { paths: Record<string, Record<string, DocOperation>> };
    const failures: string[] = [];
    let sent = 0;
    let mark = await writeMark(t.c.db);
    let before = await fingerprint(t.c.db);
    for (const [path, operations] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(operations)) {
        const all = await casesFor(method.toUpperCase(), path, op);
        const auth = await headersFor(role);
        // The cases' own setup (a message to answer, a match) hands events to the outbox, whose
        // delivery marks are written in batches after the answer: done before the fingerprint.
        await t.c.eventOutbox.idle();
        ({ mark, before } = { mark: await writeMark(t.c.db), before: await fingerprint(t.c.db) });
        for (const c of draw(all, DRAWN, rng)) {
          const remoteAddress = `10.${rng.int(0, 250)}.${rng.int(0, 250)}.${rng.int(1, 250)}`;
          const res = await t.app.inject({ method: c.method as 'GET', url: c.url, headers: { ...auth, ...c.headers }, payload: c.payload, remoteAddress });
          sent += 1;
          // What the answer's commit handed to the event outbox (a sent message's dispatch and its
          // delivery marks) is written after the answer: done before this request's writes are read.
          await t.c.eventOutbox.idle();
          const problem = checkAnswer(res.statusCode, res.headers['content-type'], res.body);
          if (problem) failures.push(`${problem}: ${describeCase(role, c, res.statusCode, res.body)}`);
          const undeclared = undeclaredCode(op, res.statusCode, res.body);
          if (undeclared) failures.push(`${undeclared}: ${describeCase(role, c, res.statusCode, res.body)}`);
          const now = await writeMark(t.c.db);
          if (now === mark) continue;
          const after = await fingerprint(t.c.db);
          if (res.statusCode >= 400 && after !== before) failures.push(`a 4xx wrote to ${changedTables(before, after)}: ${describeCase(role, c, res.statusCode, res.body)}`);
          ({ mark, before } = { mark: now, before: after });
        }
      }
    }
    console.log(`fuzz (${role}): seed ${SEED}, ${sent} requests, ${failures.length} failures`);
    expect(sent).toBeGreaterThan(1000);
    expect(failures.slice(0, 30), failures.slice(0, 30).join('\n')).toEqual([]);
  }, 300_000);
});

function checkAnswer(status: number, type: string | number | string[] | undefined, body: string): string | undefined {
  if (status >= 500) return 'server error';
  if (status < 400) return undefined;
  if (!String(type).startsWith('application/json')) return '4xx without JSON';
  let parsed: { error?: unknown; message?: unknown };
  try {
    parsed = JSON.parse(body) as typeof parsed;
  } catch {
    return '4xx body not JSON';
  }
  if (typeof parsed.error !== 'string' || typeof parsed.message !== 'string') return '4xx not {error, message}';
  // A field is named by its German label (or not at all), never by its property name ('newPassword').
  if (parsed.error === 'validation_error' && !/^Ungültige Eingabe(?: im Feld „(?![a-z]+[A-Z])[^“]+“)?: /.test(parsed.message)) {
    return `validation message not in its German form: ${parsed.message}`;
  }
  return looksGerman(parsed.message) ? undefined : '4xx message not German';
}

describe('the error codes in the OpenAPI document', () => {
  const operations = () =>
    Object.entries((t.app.swagger() as { paths: Record<string, Record<string, DocOperation>> }).paths).flatMap(([path, ops]) =>
      Object.entries(ops).map(([method, op]) => ({ name: `${method.toUpperCase()} ${path}`, op })),
    );

  it('lists per status only catalogue codes of that status, and each operation at least the framework codes', () => {
    const known = new Set<string>(errorCodes);
    for (const { name, op } of operations()) {
      for (const [status, response] of Object.entries(op.responses ?? {})) {
        for (const code of response.content?.['application/json']?.schema?.properties?.error?.enum ?? []) {
          expect(known.has(code), `${name} ${code}`).toBe(true);
          expect(String(errorStatus(code as ErrorCode)), `${name} ${code}`).toBe(status);
        }
      }
      expect(declaredCodes(op, 503), name).toContain('unavailable');
    }
  });

  it('lists what a route declares next to what the framework adds', () => {
    const vote = operations().find(({ name }) => name === 'POST /api/votes')?.op ?? {};
    expect(declaredCodes(vote, 409)).toEqual(['already_voted']);
    expect(declaredCodes(vote, 400)).toEqual(expect.arrayContaining(['own_photo', 'validation_error', 'invalid_json']));
    expect(declaredCodes(vote, 401)).toEqual(['unauthorized']);
    expect(declaredCodes(vote, 402)).toEqual([]);
  });

  it('reports a code the operation did not declare for the status', () => {
    const op: DocOperation = { responses: { 404: { content: { 'application/json': { schema: { properties: { error: { enum: ['not_found'] } } } } } } } };
    expect(undeclaredCode(op, 404, JSON.stringify({ error: 'not_found', message: 'x' }))).toBeUndefined();
    expect(undeclaredCode(op, 409, JSON.stringify({ error: 'already_voted', message: 'x' }))).toMatch(/undeclared error code already_voted/);
    expect(undeclaredCode(op, 404, JSON.stringify({ error: 'forbidden', message: 'x' }))).toMatch(/undeclared/);
  });
});
