import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db, Queryable, Row } from '../../db/client.js';
import { createAppOn, register, uniqueEmail, type TestApp } from '../../../test/harness.js';
import { startSmtpServer, type TestSmtp } from '../../../test/smtp.js';
import { createTestDb } from '../../../test/test-db.js';

// Signed-out mail requests must not tell a known address from an unknown one: the request takes
// the same path for both (it only queues the address) and the mail is issued by the worker.

let db: Db;
let drop: () => Promise<void>;
let t: TestApp;
let smtp: TestSmtp;
const statements: string[] = [];

/** The database, recording every statement sent through it. */
function recording(inner: Db): Db {
  const record = (q: Queryable): Queryable => ({
    query<T extends Row = Row>(sql: string, params?: unknown[]) {
      statements.push(sql.replace(/\s+/g, ' ').trim());
      return q.query<T>(sql, params);
    },
  });
  return { ...inner, query: record(inner).query, transaction: (fn) => inner.transaction((tx) => fn({ ...tx, ...record(tx) })) };
}

beforeAll(async () => {
  smtp = await startSmtpServer();
  ({ db, drop } = await createTestDb());
  t = await createAppOn(recording(db), { SMTP_URL: smtp.url });
});
afterAll(async () => {
  await t.close();
  await drop();
  await smtp.close();
});

async function request(url: string, email: string) {
  statements.length = 0;
  const res = await t.app.inject({ method: 'POST', url, payload: { email } });
  return { status: res.statusCode, body: res.body, sql: [...statements] };
}

async function deliver(app: TestApp) {
  await app.c.mailRequests.drain();
  await app.c.mailSender.drain();
}

describe.each([
  { url: '/api/auth/verify/resend', subject: 'Bitte bestätige deine E-Mail-Adresse' },
  { url: '/api/auth/password/request', subject: 'Passwort zurücksetzen' },
])('$url', ({ url, subject }) => {
  it('answers an unverified, a verified and an unknown address alike, without looking at any account', async () => {
    const unverified = await register(t.app);
    const verified = await register(t.app);
    await db.query('UPDATE users SET email_verified = true WHERE email = $1', [verified.email]);
    await db.query("UPDATE auth_tokens SET created_at = now() - interval '2 minutes'");
    await deliver(t);
    const runs = [await request(url, unverified.email), await request(url, verified.email), await request(url, uniqueEmail('nobody'))];

    for (const run of runs) expect(run).toEqual(runs[0]);
    expect(runs[0]?.status).toBe(200);
    expect(runs[0]?.sql).toEqual(['insert into "mail_requests" ("kind", "email") values ($1, $2)']);

    await deliver(t);
    const mails = smtp.mailsTo(unverified.email).filter((m) => m.subject === subject);
    expect(mails).toHaveLength(url.endsWith('resend') ? 2 : 1); // a resend follows the registration mail
    // Verified: no resend (the one mail is the registration's), but a reset.
    expect(smtp.mailsTo(verified.email).filter((m) => m.subject === subject)).toHaveLength(1);
  });
});

it('keeps a request in the database until a worker has sent it, in whichever process', async () => {
  const { email } = await register(t.app);
  await deliver(t);
  expect((await t.app.inject({ method: 'POST', url: '/api/auth/password/request', payload: { email } })).statusCode).toBe(200);
  const other = await createAppOn(db, { SMTP_URL: smtp.url });
  try {
    await deliver(other);
  } finally {
    await other.close();
  }
  expect(smtp.mailsTo(email).filter((m) => m.subject === 'Passwort zurücksetzen')).toHaveLength(1);
  expect(await db.query('SELECT 1 FROM mail_requests')).toHaveLength(0);
});
